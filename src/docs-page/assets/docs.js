// Starts Swagger UI on /openapi.json; no validator badge (it would call a third-party server) and no external requests.
/* global SwaggerUIBundle */
window.addEventListener('DOMContentLoaded', () => {
  SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    persistAuthorization: false,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});

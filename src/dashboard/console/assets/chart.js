// Charts as inline SVG and plain HTML, drawn at the container's real width so text stays legible on a phone.
import { formatNumber, h } from './console.js';

const NS = 'http://www.w3.org/2000/svg';

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, String(value));
  for (const child of children) el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  return el;
}

/** 1, 2 or 5 times a power of ten, at least `value` and at least 1 (counts are whole): steps people can read. */
export function niceStep(value) {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((m) => m * power).find((m) => m >= value);
}

/**
 * Vertical bars (one per label) with an optional dashed reference line, redrawn whenever the container resizes.
 * `title` is the chart's accessible name; every bar carries its own label and value as a tooltip.
 */
export function barChart(
  container,
  { title, labels, values, tickLabel = (l) => l, reference = null, referenceLabel = '' },
) {
  const draw = () => {
    const width = Math.max(280, container.clientWidth);
    const height = 220;
    const m = { top: 18, right: 12, bottom: 28, left: 52 };
    const plotW = width - m.left - m.right;
    const plotH = height - m.top - m.bottom;
    const highest = Math.max(0, ...values);
    // The reference only sets the scale when it is within reach; a quota far above the bars would flatten them.
    const showReference = reference !== null && reference <= Math.max(highest * 3, 1);
    const top = Math.max(highest, showReference ? reference : 0);
    // About four gridlines at round values: 0, 2, 4, 6, 8 rather than 0, 2.5, 5, 7.5, 10.
    const step = niceStep(top / 4);
    const yMax = step * Math.max(1, Math.ceil(top / step));
    const y = (v) => m.top + plotH - (v / yMax) * plotH;
    const svg = s(
      'svg',
      { width, height, viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': title, class: 'chart' },
      s('title', {}, title),
    );
    for (let v = 0; v <= yMax; v += step) {
      svg.append(s('line', { x1: m.left, x2: width - m.right, y1: y(v), y2: y(v), class: 'grid' }));
      svg.append(s('text', { x: m.left - 6, y: y(v) + 4, 'text-anchor': 'end', class: 'axis' }, formatNumber(v)));
    }
    const slot = plotW / Math.max(1, values.length);
    const every = Math.ceil(values.length / Math.max(1, Math.floor(plotW / 34)));
    values.forEach((v, i) => {
      const x = m.left + i * slot;
      const bar = s('rect', {
        x: x + slot * 0.15,
        y: y(v),
        width: Math.max(1, slot * 0.7),
        height: Math.max(0, m.top + plotH - y(v)),
        class: 'bar',
      });
      bar.append(s('title', {}, `${labels[i]}: ${formatNumber(v)}`));
      svg.append(bar);
      if (i % every === 0)
        svg.append(
          s('text', { x: x + slot / 2, y: height - 8, 'text-anchor': 'middle', class: 'axis' }, tickLabel(labels[i])),
        );
    });
    if (showReference) {
      svg.append(
        s('line', { x1: m.left, x2: width - m.right, y1: y(reference), y2: y(reference), class: 'reference' }),
      );
      svg.append(
        s(
          'text',
          { x: width - m.right, y: y(reference) - 5, 'text-anchor': 'end', class: 'reference-label' },
          referenceLabel,
        ),
      );
    }
    container.replaceChildren(svg);
  };
  draw();
  observeWidth(container, draw);
}

/** The funnel: one row per stage, a bar as wide as its share of the first stage, the step's conversion beside it. */
export function funnelChart(container, { title, rows }) {
  const first = rows[0]?.value ?? 0;
  const list = h('ol', { class: 'funnel', 'aria-label': title });
  for (const row of rows) {
    const fill = h('span', { class: 'funnel-fill' });
    // CSSOM, not a style attribute: the page's CSP allows no inline styles.
    fill.style.width = `${first === 0 ? 0 : Math.max(1, (row.value / first) * 100)}%`;
    list.append(
      h(
        'li',
        { class: 'funnel-row' },
        h('span', { class: 'funnel-label' }, row.label),
        h('span', { class: 'funnel-bar', 'aria-hidden': 'true' }, fill),
        h('span', { class: 'funnel-value' }, formatNumber(row.value)),
        h('span', { class: 'funnel-note' }, row.note),
      ),
    );
  }
  container.replaceChildren(list);
}

const observers = new WeakMap();

/** Redraws when the container's width changes (rotation, window resize); one observer per container. */
function observeWidth(container, draw) {
  observers.get(container)?.disconnect();
  let last = container.clientWidth;
  const observer = new ResizeObserver(() => {
    if (container.clientWidth === last) return;
    last = container.clientWidth;
    draw();
  });
  observer.observe(container);
  observers.set(container, observer);
}

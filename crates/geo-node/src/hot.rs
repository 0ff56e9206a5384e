//! The per-point calls, written against N-API directly: a single lookup's whole answer (`answerIn`, the lookup lane),
//! a point's polygon (`lookupIn`: the general route, geocoding) and a DIGIPIN (`encode`).
//!
//! napi-rs's generated wrapper sets up borrow scopes (thread-local bookkeeping and a deferred guard) on every call: for
//! these that costs several times the lookup and the DIGIPIN encode themselves. These only convert their arguments and
//! result, like every other binding here; their TypeScript types are in `hot.d.ts`.
use crate::boundary_index::with_slot;
use crate::error::closed_index_message;
use geo_core::{batch_json, digipin};
use napi::bindgen_prelude::{sys, Env, Object};
use napi::JsValue;
use napi_derive::napi;
use std::ffi::{c_char, CString};
use std::ptr;

/// Adds `lookupIn`, `answerIn` and `encode` to the addon's exports (in every thread that loads it).
#[napi(module_exports)]
pub fn register_hot_exports(exports: Object, env: Env) -> napi::Result<()> {
    add_function(&env, &exports, "lookupIn", lookup_in)?;
    add_function(&env, &exports, "answerIn", answer_in)?;
    add_function(&env, &exports, "encode", encode)?;
    Ok(())
}

/// A N-API callback: its env and call info come from Node for the duration of the call.
type Callback = extern "C" fn(sys::napi_env, sys::napi_callback_info) -> sys::napi_value;

fn add_function(env: &Env, exports: &Object, name: &str, callback: Callback) -> napi::Result<()> {
    let mut function = ptr::null_mut();
    // SAFETY: `env` is the live environment of module initialisation; `name` outlives the call.
    let status = unsafe {
        sys::napi_create_function(
            env.raw(),
            name.as_ptr().cast::<c_char>(),
            name.len() as isize,
            Some(callback),
            ptr::null_mut(),
            &mut function,
        )
    };
    if status != sys::Status::napi_ok {
        return Err(napi::Error::from_reason(format!("cannot create {name}")));
    }
    let key = CString::new(name).map_err(|e| napi::Error::from_reason(e.to_string()))?;
    // SAFETY: as above; `exports` is the module's exports object and `function` was just created in this env.
    let status =
        unsafe { sys::napi_set_named_property(env.raw(), exports.raw(), key.as_ptr(), function) };
    if status != sys::Status::napi_ok {
        return Err(napi::Error::from_reason(format!("cannot export {name}")));
    }
    Ok(())
}

/// `lookupIn(slot, lat, lon)`: the polygon id containing the point in this thread's index `slot`, or -1 (NaN too).
extern "C" fn lookup_in(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
    let Some([slot, lat, lon]) = arguments::<3>(env, info) else {
        return throw(
            env,
            "E_INVALID_ARGUMENT",
            "lookupIn(slot, lat, lon) takes three numbers",
        );
    };
    let (Some(slot), Some(lat), Some(lon)) =
        (number(env, slot), number(env, lat), number(env, lon))
    else {
        return throw(
            env,
            "E_INVALID_ARGUMENT",
            "lookupIn(slot, lat, lon) takes three numbers",
        );
    };
    let Some(slot) = slot_number(slot) else {
        return throw(
            env,
            "E_INVALID_ARGUMENT",
            &format!("slot {slot} is not a slot number"),
        );
    };
    let found = std::panic::catch_unwind(|| {
        with_slot(slot, |held| {
            held.index.lookup(lon, lat).map_or(-1, |id| id as i32)
        })
    });
    match found {
        Ok(Some(id)) => int32(env, id),
        Ok(None) => throw(env, "E_INVALID_ARGUMENT", &closed_index_message(slot)),
        Err(_) => throw(env, "E_INTERNAL", "lookupIn panicked"),
    }
}

/// `answerIn(slot, body, out)`: a single lookup's request body answered into `out` (geo-core `batch_json::answer_one`):
/// the answer's length in bytes, or -1 where the general route must answer (also before answers are attached).
extern "C" fn answer_in(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
    const USAGE: &str =
        "answerIn(slot, body, out) takes a slot number and two separate Uint8Arrays";
    let Some([slot, body, out]) = arguments::<3>(env, info) else {
        return throw(env, "E_INVALID_ARGUMENT", USAGE);
    };
    let (Some(slot), Some(body), Some(out)) = (
        number(env, slot).and_then(slot_number),
        bytes(env, body),
        bytes(env, out),
    ) else {
        return throw(env, "E_INVALID_ARGUMENT", USAGE);
    };
    // The answer is written while the body is read: the two must not share a byte.
    let (body_at, out_at) = (body.0 as usize, out.0 as usize);
    if body.1 > 0 && out.1 > 0 && body_at < out_at + out.1 && out_at < body_at + body.1 {
        return throw(env, "E_INVALID_ARGUMENT", USAGE);
    }
    let written = std::panic::catch_unwind(|| {
        // SAFETY: both are live typed arrays' bytes for this call (JavaScript runs nothing meanwhile), and disjoint.
        let (body, out) = unsafe { (slice(body), slice_mut(out)) };
        with_slot(slot, |held| {
            let answers = held.answers.as_ref()?;
            batch_json::answer_one(body, &held.index, answers, out)
        })
    });
    match written {
        Ok(Some(Some(length))) => int32(env, length as i32),
        Ok(Some(None)) => int32(env, -1),
        Ok(None) => throw(env, "E_INVALID_ARGUMENT", &closed_index_message(slot)),
        Err(_) => throw(env, "E_INTERNAL", "answerIn panicked"),
    }
}

/// `encode(lat, lon)`: the hyphenated DIGIPIN (`XXX-XXX-XXXX`); throws with code `E_LATITUDE_OUT_OF_RANGE` and the like.
extern "C" fn encode(env: sys::napi_env, info: sys::napi_callback_info) -> sys::napi_value {
    let Some([lat, lon]) = arguments::<2>(env, info) else {
        return throw(
            env,
            "E_INVALID_ARGUMENT",
            "encode(lat, lon) takes two numbers",
        );
    };
    let (Some(lat), Some(lon)) = (number(env, lat), number(env, lon)) else {
        return throw(
            env,
            "E_INVALID_ARGUMENT",
            "encode(lat, lon) takes two numbers",
        );
    };
    match std::panic::catch_unwind(|| digipin::encode(lat, lon)) {
        Ok(Ok(code)) => {
            let mut value = ptr::null_mut();
            // SAFETY: `env` is this call's environment; `code` (ASCII: DIGIPIN symbols and hyphens) outlives the call.
            unsafe {
                sys::napi_create_string_latin1(
                    env,
                    code.as_ptr().cast::<c_char>(),
                    code.len() as isize,
                    &mut value,
                )
            };
            value
        }
        Ok(Err(err)) => throw(env, err.code(), &err.to_string()),
        Err(_) => throw(env, "E_INTERNAL", "encode panicked"),
    }
}

// The helpers below take the `env` and `info` of the callback they run in, which Node keeps valid for the call.

/// The call's first `N` arguments, or None when fewer were passed.
fn arguments<const N: usize>(
    env: sys::napi_env,
    info: sys::napi_callback_info,
) -> Option<[sys::napi_value; N]> {
    let mut argc = N;
    let mut argv = [ptr::null_mut(); N];
    // SAFETY: `argv` holds `argc` values; the other outputs are not asked for.
    let status = unsafe {
        sys::napi_get_cb_info(
            env,
            info,
            &mut argc,
            argv.as_mut_ptr(),
            ptr::null_mut(),
            ptr::null_mut(),
        )
    };
    (status == sys::Status::napi_ok && argc >= N).then_some(argv)
}

/// A JavaScript number's value; None for any other type.
fn number(env: sys::napi_env, value: sys::napi_value) -> Option<f64> {
    let mut out = 0.0;
    // SAFETY: `value` is an argument of this call.
    (unsafe { sys::napi_get_value_double(env, value, &mut out) } == sys::Status::napi_ok)
        .then_some(out)
}

/// A slot is what a BoundaryIndex handle gave out: a small whole number (NaN or -1 must not read slot 0).
fn slot_number(value: f64) -> Option<u32> {
    (value >= 0.0 && value <= f64::from(u32::MAX) && value.fract() == 0.0).then_some(value as u32)
}

/// A Uint8Array's (or Buffer's) bytes as a pointer and a length; None for any other value.
fn bytes(env: sys::napi_env, value: sys::napi_value) -> Option<(*mut u8, usize)> {
    let mut kind = 0;
    let mut length = 0;
    let mut data = ptr::null_mut();
    // SAFETY: `value` is an argument of this call; the array buffer and offset are not asked for.
    let status = unsafe {
        sys::napi_get_typedarray_info(
            env,
            value,
            &mut kind,
            &mut length,
            &mut data,
            ptr::null_mut(),
            ptr::null_mut(),
        )
    };
    (status == sys::Status::napi_ok && kind == sys::TypedarrayType::uint8_array)
        .then_some((data.cast::<u8>(), length))
}

/// # Safety
/// `bytes` must come from `bytes()` in the running call.
unsafe fn slice<'a>((data, length): (*mut u8, usize)) -> &'a [u8] {
    if data.is_null() || length == 0 {
        &[]
    } else {
        // SAFETY: the caller's contract: a live typed array's bytes.
        unsafe { std::slice::from_raw_parts(data, length) }
    }
}

/// # Safety
/// As `slice`, and nothing else may read or write those bytes meanwhile.
unsafe fn slice_mut<'a>((data, length): (*mut u8, usize)) -> &'a mut [u8] {
    if data.is_null() || length == 0 {
        &mut []
    } else {
        // SAFETY: the caller's contract: a live typed array's bytes, not read or written elsewhere meanwhile.
        unsafe { std::slice::from_raw_parts_mut(data, length) }
    }
}

fn int32(env: sys::napi_env, n: i32) -> sys::napi_value {
    let mut value = ptr::null_mut();
    // SAFETY: a plain value creation in this call's environment.
    unsafe { sys::napi_create_int32(env, n, &mut value) };
    value
}

/// Throws an Error with `code` (the stable code, as every binding reports errors) and `message`.
fn throw(env: sys::napi_env, code: &str, message: &str) -> sys::napi_value {
    let code = CString::new(code).unwrap_or_default();
    let message = CString::new(message.replace('\0', " ")).unwrap_or_default();
    // SAFETY: both strings are NUL-terminated and outlive the call.
    unsafe { sys::napi_throw_error(env, code.as_ptr(), message.as_ptr()) };
    ptr::null_mut()
}

//! napi class over geo-core's BoundaryIndex: one loaded file per process, shared by every thread that opens it.
//!
//! Each handle lives in its thread's slot table, so the hot single lookup can be `lookupIn(slot, lat, lon)` (hot.rs): a
//! plain function of numbers. A class method costs napi-rs a napi reference and a borrow registration per call, several
//! times the lookup itself.
use crate::error::{bad_batch, closed_index, internal, NodeError, Result};
use geo_core::batch_json::{self, PolygonAnswers};
use napi::bindgen_prelude::{BufferSlice, Int32Array, Int32ArraySlice, Uint32Array};
use napi::Env;
use napi_derive::napi;
use std::cell::RefCell;
use std::sync::{Arc, Mutex, Weak};

type Shared = Arc<geo_core::BoundaryIndex>;

/// What a handle holds: the shared index, and the answer fragments once attached.
pub(crate) struct Slot {
    pub index: Shared,
    /// Each polygon's answer fragment, for the answers written natively.
    pub answers: Option<Arc<PolygonAnswers>>,
}

/// Answer fragments by loaded index instance: laid out by one thread, held by every thread's handles of that instance.
static ANSWERS: Mutex<Vec<(u64, Weak<PolygonAnswers>)>> = Mutex::new(Vec::new());

/// The fragments some thread attached to this loaded instance, if any still holds them.
fn answers_of(instance: u64) -> Option<Arc<PolygonAnswers>> {
    let held = ANSWERS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    held.iter()
        .find(|(id, _)| *id == instance)
        .and_then(|(_, answers)| answers.upgrade())
}

fn share_answers(instance: u64, answers: &Arc<PolygonAnswers>) {
    let mut held = ANSWERS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    held.retain(|(id, answers)| *id != instance && answers.strong_count() > 0);
    held.push((instance, Arc::downgrade(answers)));
}

thread_local! {
    /// This thread's open handles by slot; a dropped handle leaves its slot empty for the next open.
    static SLOTS: RefCell<Vec<Option<Slot>>> = const { RefCell::new(Vec::new()) };
}

/// `f` of the handle in `slot` of this thread, if a live handle holds it.
pub(crate) fn with_slot<R>(slot: u32, f: impl FnOnce(&Slot) -> R) -> Option<R> {
    SLOTS.with_borrow(|slots| match slots.get(slot as usize) {
        Some(Some(index)) => Some(f(index)),
        _ => None,
    })
}

/// Pincode boundary index over a mapped, versioned binary file.
///
/// The file is mapped read-only (page cache, shared by all threads and processes), not copied to the heap,
/// so V8 is told of no external memory: counting it in every worker's isolate would only make each GC harder
/// for memory no isolate can free.
#[napi]
pub struct BoundaryIndex {
    slot: u32,
}

/// A batch answered natively: how many items it answers, and how many bytes of the output buffer the answer took.
#[napi(object)]
pub struct BatchAnswer {
    pub items: u32,
    pub bytes: u32,
}

/// One polygon's stored outline (geo-core `Outline`): rings per part, vertices per ring, lon/lat pairs in 1e-6 degrees.
#[napi(object)]
pub struct PolygonOutline {
    pub ring_counts: Uint32Array,
    pub vertex_counts: Uint32Array,
    pub coords_e6: Int32Array,
}

impl BoundaryIndex {
    fn index<R>(&self, f: impl FnOnce(&Shared) -> R) -> Result<R> {
        self.held(|slot| f(&slot.index))
    }

    /// `f` of this handle's slot; refused once the handle is closed.
    fn held<R>(&self, f: impl FnOnce(&Slot) -> R) -> Result<R> {
        with_slot(self.slot, f).ok_or_else(|| closed_index(self.slot))
    }

    fn held_mut<R>(&self, f: impl FnOnce(&mut Slot) -> R) -> Result<R> {
        SLOTS.with_borrow_mut(|slots| match slots.get_mut(self.slot as usize) {
            Some(Some(slot)) => Ok(f(slot)),
            _ => Err(closed_index(self.slot)),
        })
    }

    /// This handle's fragments, taking those another thread attached since this one opened.
    fn answers_now(&self) -> Result<Option<Arc<PolygonAnswers>>> {
        self.held_mut(|slot| {
            if slot.answers.is_none() {
                slot.answers = answers_of(slot.index.instance_id());
            }
            slot.answers.clone()
        })
    }
}

#[napi]
impl BoundaryIndex {
    /// Maps and verifies a boundary file (magic, version, length, checksum). Opening a file this process
    /// already holds open (in any thread) returns the same loaded instance at no cost.
    #[napi(factory, catch_unwind)]
    pub fn open(path: String) -> Result<Self> {
        let index = geo_core::shared::open_shared(&path).map_err(NodeError::from)?;
        let slot = SLOTS.with_borrow_mut(|slots| {
            let free = slots
                .iter()
                .position(Option::is_none)
                .unwrap_or(slots.len());
            if free == slots.len() {
                slots.push(None);
            }
            let answers = answers_of(index.instance_id());
            slots[free] = Some(Slot { index, answers });
            free
        });
        Ok(BoundaryIndex { slot: slot as u32 })
    }

    /// This handle's place in its thread's table, for `lookupIn` (hot.rs).
    #[napi(getter)]
    pub fn slot(&self) -> u32 {
        self.slot
    }

    /// Looks up `[lon0, lat0, lon1, lat1, …]` in one call; -1 per miss.
    #[napi(catch_unwind)]
    pub fn lookup_many<'env>(
        &self,
        env: &'env Env,
        lon_lat: &[f64],
    ) -> Result<Int32ArraySlice<'env>> {
        if !lon_lat.len().is_multiple_of(2) {
            return Err(bad_batch(format!("lonLat length {} is odd", lon_lat.len())));
        }
        Int32ArraySlice::copy_from(env, self.index(|index| index.lookup_many(lon_lat))?)
            .map_err(internal)
    }

    /// Attaches each polygon's answer members (`"state":…`), laid end to end; `ends[id]` is where polygon id's end.
    /// Handles of the same loaded file in other threads, open or opened later, get them too.
    #[napi(catch_unwind)]
    pub fn attach_answers(&self, fragments: &[u8], ends: &[u32]) -> Result<()> {
        let answers =
            PolygonAnswers::new(fragments.to_vec(), ends.to_vec()).map_err(NodeError::from)?;
        let (polygons, instance) = self.index(|index| (index.len(), index.instance_id()))?;
        if answers.len() != polygons {
            return Err(bad_batch(format!(
                "{} answer fragments for {polygons} polygons",
                answers.len()
            )));
        }
        let answers = Arc::new(answers);
        share_answers(instance, &answers);
        self.held_mut(|slot| slot.answers = Some(answers))
    }

    /// Writes the whole answer to a batch lookup's request body into `out`; null where the general route must answer
    /// it (see geo-core `batch_json`), before `attachAnswers`, or when `out` is too small.
    #[napi(catch_unwind)]
    pub fn answer_batch(&self, body: &[u8], mut out: BufferSlice) -> Result<Option<BatchAnswer>> {
        let answer = self.held(|slot| {
            let answers = slot.answers.as_ref()?;
            batch_json::answer(body, &slot.index, answers, &mut out)
        })?;
        Ok(answer.map(|a| BatchAnswer {
            items: a.items as u32,
            bytes: a.bytes as u32,
        }))
    }

    /// True once this handle has answer fragments (attached here, or by a handle of the same file in any thread).
    #[napi(getter)]
    pub fn has_answers(&self) -> Result<bool> {
        self.answers_now().map(|answers| answers.is_some())
    }

    /// The longest answer fragment's length in bytes (0 without fragments), to size the answers' buffer.
    #[napi(getter)]
    pub fn longest_answer(&self) -> Result<u32> {
        Ok(self
            .answers_now()?
            .map_or(0, |answers| answers.longest() as u32))
    }

    /// The stored outline of polygon `id`, or null for an unknown id.
    #[napi(catch_unwind)]
    pub fn outline(&self, id: u32) -> Result<Option<PolygonOutline>> {
        Ok(self
            .index(|index| index.outline(id))?
            .map(|o| PolygonOutline {
                ring_counts: o.ring_counts.into(),
                vertex_counts: o.vertex_counts.into(),
                coords_e6: o.coords_e6.into(),
            }))
    }

    /// Ids of the polygons one of whose parts' boxes meets the box (lon/lat degrees), ascending.
    #[napi(catch_unwind)]
    pub fn polygons_in_box(
        &self,
        min_lon: f64,
        min_lat: f64,
        max_lon: f64,
        max_lat: f64,
    ) -> Result<Uint32Array> {
        Ok(self
            .index(|index| index.polygons_in_box(min_lon, min_lat, max_lon, max_lat))?
            .into())
    }

    /// Number of polygons.
    #[napi(getter)]
    pub fn size(&self) -> Result<u32> {
        self.index(|index| index.len() as u32)
    }

    /// Number of vertices.
    #[napi(getter)]
    pub fn vertex_count(&self) -> Result<u32> {
        self.index(|index| index.vertex_count() as u32)
    }

    /// Size of the index's file image in bytes (mapped: resident only as far as lookups have touched it).
    #[napi(getter)]
    pub fn memory_bytes(&self) -> Result<f64> {
        self.index(|index| index.byte_len() as f64)
    }

    /// Process-unique number of the loaded instance: equal for every handle sharing one load.
    #[napi(getter)]
    pub fn instance_id(&self) -> Result<f64> {
        self.index(|index| index.instance_id() as f64)
    }

    /// Live handles (in any thread of this process) sharing this loaded instance, this one included.
    #[napi(getter)]
    pub fn handle_count(&self) -> Result<u32> {
        self.index(|index| Arc::strong_count(index) as u32)
    }
}

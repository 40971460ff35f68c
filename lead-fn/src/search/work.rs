//! Where a search's CPU work runs: on threads of the blocking pool, never on the async workers,
//! so a request that mostly waits (an enquiry on its way to the sinks, a search refused by the
//! rate limit) is never queued behind searches being answered. A flood of costly searches on a
//! host that also takes enquiries (`estate serve`) leaves the enquiries their time.
//!
//! - At most [`Work::running`] searches run at once: one fewer than the machine's cores (at
//!   least one), so a core stays for everything else.
//! - At most [`Work::waiting`] more wait for a turn, each holding no thread; a search past those
//!   is refused at once ([`Busy`], answered 503 `busy` with `Retry-After`), before its body is
//!   read, so a flood cannot queue up unbounded work or memory.
//!
//! On Lambda an instance answers one request at a time, so neither bound is reached there.

use std::sync::Arc;

use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// The searches the host runs at once and lets wait.
#[derive(Debug, Clone)]
pub struct Work {
    running: Arc<Semaphore>,
    /// Permits for the running and the waiting searches together.
    admitted: Arc<Semaphore>,
}

/// A search refused because as many as may wait already do.
#[derive(Debug, PartialEq, Eq)]
pub struct Busy;

/// A search let in: its place among the admitted ones, until it is answered.
#[derive(Debug)]
pub struct Admitted {
    _place: OwnedSemaphorePermit,
    running: Arc<Semaphore>,
}

/// How many searches may wait for a turn, unless set otherwise.
pub const WAITING: usize = 64;

impl Work {
    /// `running` searches at once (at least one), `waiting` more waiting.
    pub fn new(running: usize, waiting: usize) -> Work {
        let running = running.max(1);
        Work {
            running: Arc::new(Semaphore::new(running)),
            admitted: Arc::new(Semaphore::new(running + waiting)),
        }
    }

    /// One fewer search at once than this machine has cores (at least one), [`WAITING`] waiting.
    pub fn for_this_machine() -> Work {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Work::new(cores.saturating_sub(1), WAITING)
    }

    /// A place for one more search, or [`Busy`] when every place is taken. Taken before the
    /// request's body is read.
    pub fn admit(&self) -> Result<Admitted, Busy> {
        let place = self.admitted.clone().try_acquire_owned().map_err(|_| Busy)?;
        Ok(Admitted { _place: place, running: self.running.clone() })
    }
}

impl Admitted {
    /// Runs `job` on a blocking thread once a turn is free; its result, or `None` when it
    /// panicked.
    pub async fn run<T: Send + 'static>(self, job: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let _turn = self.running.acquire_owned().await.ok()?;
        tokio::task::spawn_blocking(job).await.ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;
    use std::time::Duration;

    /// On a runtime of one async thread: were a search run on it, the test could not go on while
    /// the search blocks, and the search would wait for its release in vain.
    #[tokio::test]
    async fn one_runs_one_waits_and_the_next_is_refused_until_a_place_is_free() {
        let work = Work::new(1, 1);
        let (release, released) = mpsc::channel::<()>();
        let (started, first_started) = tokio::sync::oneshot::channel();
        let first = work.admit().expect("a place");
        let first = tokio::spawn(first.run(move || {
            let _ = started.send(());
            released.recv_timeout(Duration::from_secs(10)).is_ok()
        }));
        first_started.await.expect("the first search runs");
        let second = work.admit().expect("a place to wait");
        let (second_ran, ran) = tokio::sync::oneshot::channel();
        let second = tokio::spawn(second.run(move || second_ran.send(()).is_ok()));
        assert_eq!(work.admit().err(), Some(Busy), "one running and one waiting: no third");
        // The second waits for the first's turn: it has not run while the first holds it.
        tokio::task::yield_now().await;
        let mut ran = ran;
        assert!(ran.try_recv().is_err(), "the second waits");
        release.send(()).expect("the first is waiting");
        assert_eq!(first.await.expect("joined"), Some(true), "released while it ran");
        assert_eq!(second.await.expect("joined"), Some(true));
        ran.await.expect("the second ran");
        // Both answered: their places are free again.
        let (a, b) = (work.admit(), work.admit());
        assert!(a.is_ok() && b.is_ok());
        assert_eq!(work.admit().err(), Some(Busy));
    }

    #[tokio::test]
    async fn a_job_that_panics_is_none_and_frees_its_place() {
        let work = Work::new(1, 0);
        let place = work.admit().expect("a place");
        assert_eq!(place.run(|| -> u8 { panic!("a search that panics") }).await, None);
        let again = work.admit().expect("the place is free again");
        assert_eq!(again.run(|| 7).await, Some(7));
    }
}

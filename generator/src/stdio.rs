//! Writing to stdout and stderr when they may be non-blocking. `estate serve` shares them with
//! the Node prerender it starts, and Node makes a pipe it is given non-blocking (for every process
//! holding it): a write to a full pipe then fails with `WouldBlock`, which makes `eprint!` panic
//! (under `estate serve` it ended the rebuild thread: no rebuild after that) and `writeln!` drop the
//! line. These wait for the reader instead.

use std::io::{ErrorKind, Write};
use std::time::Duration;

/// Writes `text` to stdout whole.
pub fn out(text: &str) {
    write_all(&mut std::io::stdout().lock(), text.as_bytes());
}

/// Writes `text` to stderr whole.
pub fn err(text: &str) {
    write_all(&mut std::io::stderr().lock(), text.as_bytes());
}

/// Writes all of `bytes` and flushes, waiting while the reader is behind. Other errors (the
/// reader gone) drop the text: output is never a reason to stop.
fn write_all(to: &mut impl Write, mut bytes: &[u8]) {
    let wait = |error: &std::io::Error| match error.kind() {
        ErrorKind::Interrupted => true,
        ErrorKind::WouldBlock => {
            std::thread::sleep(Duration::from_millis(1));
            true
        }
        _ => false,
    };
    while !bytes.is_empty() {
        match to.write(bytes) {
            Ok(0) => return,
            Ok(n) => bytes = &bytes[n..],
            Err(error) if wait(&error) => {}
            Err(_) => return,
        }
    }
    loop {
        match to.flush() {
            Err(error) if wait(&error) => {}
            _ => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pipe whose reader is slow: every other write finds it full, and a write takes at most 5 bytes.
    struct Full {
        written: Vec<u8>,
        calls: usize,
    }

    impl Write for Full {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.calls += 1;
            if self.calls % 2 == 1 {
                return Err(ErrorKind::WouldBlock.into());
            }
            let n = bytes.len().min(5);
            self.written.extend_from_slice(&bytes[..n]);
            Ok(n)
        }

        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_full_non_blocking_pipe_gets_all_the_text() {
        let text = "warning: a listing kept as a .md file\n".repeat(20);
        let mut pipe = Full { written: Vec::new(), calls: 0 };
        // What `eprint!` relies on gives up at the first full pipe.
        assert!(
            std::io::Write::write_all(&mut Full { written: Vec::new(), calls: 0 }, text.as_bytes()).is_err()
        );
        write_all(&mut pipe, text.as_bytes());
        assert_eq!(String::from_utf8(pipe.written).unwrap(), text);
    }
}

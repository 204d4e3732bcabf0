//! Chess clocks: `--tc 5+3` gives each side five minutes and three seconds more per move; the
//! side to move's clock runs, and the CPU spends a share of what its clock has left.

use std::time::{Duration, Instant};

use shakmaty::Color;

use crate::uci::allocate;

/// The shortest think the CPU is given, however low its clock.
const MIN_BUDGET_MS: u32 = 10;

/// A time control: the time each side starts with and the increment per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Each side's time at the start.
    pub base: Duration,
    /// Added to a side's clock after each of its moves.
    pub increment: Duration,
}

/// Seconds as written on a command line (`90`, `2.5`) as a duration.
fn seconds(text: &str, scale: f64) -> Option<Duration> {
    let v: f64 = text.trim().parse().ok()?;
    (v.is_finite() && v >= 0.0 && v * scale <= 86_400.0).then(|| Duration::from_secs_f64(v * scale))
}

impl std::str::FromStr for TimeControl {
    type Err = String;

    /// `MINUTES[+SECONDS]`: `5+3`, `15`, `0.5+1`.
    fn from_str(s: &str) -> Result<TimeControl, String> {
        let (base, inc) = s.split_once('+').unwrap_or((s, "0"));
        let bad = || format!("{s:?} is not a time control like 5+3 (minutes + seconds per move)");
        let base = seconds(base, 60.0).ok_or_else(bad)?;
        let increment = seconds(inc, 1.0).ok_or_else(bad)?;
        if base.is_zero() {
            return Err(bad());
        }
        Ok(TimeControl { base, increment })
    }
}

impl TimeControl {
    /// The PGN `TimeControl` tag: `300+3`.
    pub fn tag(&self) -> String {
        let inc = self.increment.as_secs_f64();
        let base = self.base.as_secs_f64();
        if inc > 0.0 {
            format!("{base}+{inc}")
        } else {
            format!("{base}")
        }
    }
}

/// Both sides' clocks.
#[derive(Clone, Debug)]
pub struct Clocks {
    control: TimeControl,
    /// White's and Black's time left (negative once a flag has fallen), in milliseconds.
    left_ms: [i64; 2],
    /// The side whose clock runs, since when.
    running: Option<(Color, Instant)>,
}

fn slot(side: Color) -> usize {
    match side {
        Color::White => 0,
        Color::Black => 1,
    }
}

fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

impl Clocks {
    /// Fresh clocks for `control`.
    pub fn new(control: TimeControl) -> Clocks {
        let base = ms(control.base);
        Clocks {
            control,
            left_ms: [base, base],
            running: None,
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// Starts `side`'s clock unless a clock already runs.
    pub fn start(&mut self, side: Color) {
        if self.running.is_none() {
            self.running = Some((side, Instant::now()));
        }
    }

    /// Stops the running clock without a move (the game ended, a move was taken back).
    pub fn pause(&mut self) {
        if let Some((side, since)) = self.running.take() {
            self.left_ms[slot(side)] -= ms(since.elapsed());
        }
    }

    /// `side` moved: its clock stops and gets the increment. False when its flag fell first.
    pub fn moved(&mut self, side: Color) -> bool {
        self.pause();
        let left = &mut self.left_ms[slot(side)];
        if *left < 0 {
            return false;
        }
        *left += ms(self.control.increment);
        true
    }

    /// `side`'s time left now, in milliseconds (negative once its flag fell).
    pub fn left_ms(&self, side: Color) -> i64 {
        let running = match self.running {
            Some((s, since)) if s == side => ms(since.elapsed()),
            _ => 0,
        };
        self.left_ms[slot(side)] - running
    }

    /// The side whose running clock has no time left.
    pub fn fallen(&self) -> Option<Color> {
        let (side, _) = self.running?;
        (self.left_ms(side) < 0).then_some(side)
    }

    /// How long the CPU may think with `side`'s clock: the budget a UCI engine would get
    /// ([`allocate`]), at least 10 ms.
    pub fn budget_ms(&self, side: Color) -> u32 {
        let budget = allocate(self.left_ms(side), ms(self.control.increment), None, 0);
        u32::try_from(budget).unwrap_or(u32::MAX).max(MIN_BUDGET_MS)
    }

    /// Both clocks for the player: `White 4:57 | Black 5:00`.
    pub fn show(&self) -> String {
        format!(
            "White {} | Black {}",
            show_ms(self.left_ms(Color::White)),
            show_ms(self.left_ms(Color::Black))
        )
    }
}

/// A clock's time: `4:57`, with tenths under 20 seconds (`0:09.4`), `0:00` once fallen.
pub fn show_ms(ms: i64) -> String {
    let ms = ms.max(0);
    let (m, s) = (ms / 60_000, (ms / 1000) % 60);
    if ms < 20_000 {
        format!("{m}:{s:02}.{}", (ms / 100) % 10)
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_controls_read_as_minutes_plus_seconds() {
        let tc: TimeControl = "5+3".parse().unwrap();
        assert_eq!(tc.base, Duration::from_secs(300));
        assert_eq!(tc.increment, Duration::from_secs(3));
        assert_eq!(tc.tag(), "300+3");
        let tc: TimeControl = "0.5".parse().unwrap();
        assert_eq!(
            (tc.base, tc.increment),
            (Duration::from_secs(30), Duration::ZERO)
        );
        assert_eq!(tc.tag(), "30");
        for bad in ["", "five", "0", "5+x", "-1+2", "5+3+1"] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_move_stops_the_clock_and_adds_the_increment() {
        let mut c = Clocks::new("1+2".parse().unwrap());
        c.start(Color::White);
        c.start(Color::Black); // Ignored: White's clock runs.
        std::thread::sleep(Duration::from_millis(30));
        assert!(c.left_ms(Color::White) <= 60_000 - 30);
        assert!(c.moved(Color::White));
        let white = c.left_ms(Color::White);
        assert!((61_000..62_000).contains(&white), "{white}");
        assert_eq!(c.left_ms(Color::Black), 60_000);
        assert_eq!(c.fallen(), None);
        assert_eq!(c.show(), "White 1:01 | Black 1:00");
        // The CPU's budget: twice (60000 + 21 * 2000) / 22.
        assert_eq!(c.budget_ms(Color::Black), 9272);
    }

    #[test]
    fn a_flag_falls() {
        let mut c = Clocks::new(TimeControl {
            base: Duration::from_millis(20),
            increment: Duration::from_secs(5),
        });
        c.start(Color::Black);
        std::thread::sleep(Duration::from_millis(40));
        assert_eq!(c.fallen(), Some(Color::Black));
        assert!(!c.moved(Color::Black));
        assert_eq!(show_ms(c.left_ms(Color::Black)), "0:00.0");
        assert_eq!(c.budget_ms(Color::Black), 10);
        assert_eq!(show_ms(9_450), "0:09.4");
        assert_eq!(show_ms(125_000), "2:05");
    }
}

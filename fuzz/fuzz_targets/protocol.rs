//! Feeds arbitrary bytes to the protocol device, one command per line (plus the raw input as
//! one write), with the tiny search budget so that `03` stays quick. Any panic is a bug: in the
//! kernel it would be a BUG that kills the caller and leaves the device's mutex locked.
#![no_main]

use chess_core::notation::Writer;
use chess_core::protocol::{Context, Device, MAX_REPLY};
use chess_core::search::{Frame, History, Limit, Memory, TtEntry, Unlimited, FRAMES};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut device = Box::new(Device::new());
    device.set_limit(Limit::Nodes(200));
    let mut tt = vec![TtEntry::EMPTY; 1024];
    let mut frames = vec![Frame::new(); FRAMES];
    let mut history = Box::new(History::new());
    let mut reply = vec![0u8; MAX_REPLY];
    let commands = data.split_inclusive(|&c| c == b'\n').chain(core::iter::once(data));
    for cmd in commands {
        // Deep perft is correct but slow; it is not what this target looks for.
        if cmd.starts_with(b"12 ") && cmd.get(3).is_some_and(|&d| d > b'3') {
            continue;
        }
        // `07` may raise the budget: keep it small whatever the input says.
        let limit = device.limit();
        let mut ctx = Context {
            out: Writer::new(&mut reply),
            memory: Memory {
                tt: &mut tt,
                frames: &mut frames,
                history: &mut history,
            },
            budget: &mut Unlimited,
        };
        let _ = device.handle(cmd, &mut ctx);
        assert!(!ctx.out.overflowed());
        if device.limit() != limit {
            device.set_limit(Limit::Nodes(200));
        }
    }
});

//! Bộ đệm các chương trình đã biên dịch: tối đa bấy nhiêu chương trình và bấy
//! nhiêu byte (cũ nhất bị bỏ trước), và máy nào đã chạy chương trình nào (chỉ
//! máy ấy được báo "dùng lại bản đã biên dịch").

use super::Engine;
use std::collections::VecDeque;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;

pub(super) struct CacheEntry {
    hash: u64,
    source: String,
    binary: PathBuf,
    bytes: u64,
    /// Biên dịch nó mất bao lâu.
    compile_ms: u64,
    /// Các máy đã chạy nó (tối đa [`CLIENTS_PER_ENTRY`], cũ nhất bị quên trước).
    clients: VecDeque<IpAddr>,
}

/// Một chương trình trong bộ đệm nhớ chừng này máy đã chạy nó; máy bị quên chỉ
/// thấy "biên dịch … ms" thay vì "dùng lại bản đã biên dịch".
const CLIENTS_PER_ENTRY: usize = 256;

/// Một chương trình vừa biên dịch xong, trước khi vào bộ đệm.
#[derive(Clone, Copy)]
pub(super) struct Built<'a> {
    pub(super) path: &'a Path,
    pub(super) compile_ms: u64,
    /// Máy đã gửi nó.
    pub(super) client: IpAddr,
}

/// Một chương trình lấy từ bộ đệm cho một máy.
pub(super) struct Hit {
    pub(super) binary: PathBuf,
    /// Chính máy này đã chạy nó trước đây.
    pub(super) seen: bool,
    pub(super) compile_ms: u64,
}

/// Các chương trình đã biên dịch, cũ nhất ở đầu.
#[derive(Default)]
pub(super) struct Cache {
    entries: VecDeque<CacheEntry>,
    /// Tổng số byte của `entries`.
    bytes: u64,
}

impl Engine {
    /// Chương trình đã biên dịch của `source`, nếu còn trong bộ đệm; `client`
    /// được ghi là đã chạy nó.
    pub(super) fn cached(&self, hash: u64, source: &str, client: IpAddr) -> Option<Hit> {
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        let i = cache
            .entries
            .iter()
            .position(|e| e.hash == hash && e.source == source)?;
        let mut entry = cache.entries.remove(i)?;
        let seen = entry.clients.contains(&client);
        if !seen {
            if entry.clients.len() >= CLIENTS_PER_ENTRY {
                entry.clients.pop_front();
            }
            entry.clients.push_back(client);
        }
        let hit = Hit {
            binary: entry.binary.clone(),
            seen,
            compile_ms: entry.compile_ms,
        };
        cache.entries.push_back(entry);
        Some(hit)
    }

    /// Giữ chương trình vừa biên dịch (chuyển vào `bo-dem/`), bỏ những chương
    /// trình cũ nhất cho tới khi cả số lượng lẫn tổng số byte không quá giới hạn.
    /// `None`: không giữ (bộ đệm tắt, hay một mình nó đã quá tổng cho phép).
    pub(super) fn remember(&self, hash: u64, source: String, built: &Built) -> Option<PathBuf> {
        let Built {
            path: built,
            compile_ms,
            client,
        } = *built;
        let bytes = std::fs::metadata(built).ok()?.len();
        if self.settings.cache_entries == 0 || bytes > self.settings.cache_bytes {
            return None;
        }
        let n = self.counter.fetch_add(1, Ordering::SeqCst);
        let binary = self
            .root
            .path()
            .join("bo-dem")
            .join(format!("khoi-{n}{}", std::env::consts::EXE_SUFFIX));
        std::fs::rename(built, &binary).ok()?;
        let mut cache = self.cache.lock().unwrap_or_else(|e| e.into_inner());
        cache.entries.push_back(CacheEntry {
            hash,
            source,
            binary: binary.clone(),
            bytes,
            compile_ms,
            clients: VecDeque::from([client]),
        });
        cache.bytes += bytes;
        while cache.entries.len() > self.settings.cache_entries
            || cache.bytes > self.settings.cache_bytes
        {
            let Some(old) = cache.entries.pop_front() else {
                break;
            };
            cache.bytes -= old.bytes;
            // Một lần chạy đang dùng nó vẫn chạy được (tệp đã mở/gắn vào hộp).
            let _ = std::fs::remove_file(old.binary);
        }
        Some(binary)
    }
}

//! Biên dịch một khối: các đối số của `rustc`, lệnh trong hộp cát (hay thẳng
//! trên máy khi không có hộp), và đọc lời của trình biên dịch.

use super::{counted, Engine, RunResult, Status, SOURCE_FILE};
use crate::runner::block::Prepared;
use crate::runner::bubblewrap::{Bubblewrap, RunUser};
use crate::runner::output::compile_report;
use crate::runner::sandbox::{self, Ending, User};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::atomic::AtomicBool;

/// Lệnh biên dịch trong hộp cát: `rustc` ghi vào `/build` (một `tmpfs` có hạn
/// mức), rồi chỉ chương trình đã biên dịch được chép ra thư mục của lần chạy.
const BUILD_SCRIPT: &str = "\"$0\" \"$@\" && exec cp khoi /out/khoi";

impl Engine {
    /// Các đối số của `rustc`: thư viện phụ thuộc ở `deps`, crate ở `rlib`.
    fn rustc_args(deps: &Path, rlib: &Path, exe: &Path) -> Vec<std::ffi::OsString> {
        let mut extern_arg = std::ffi::OsString::from("caytrochoi=");
        extern_arg.push(rlib);
        let mut deps_arg = std::ffi::OsString::from("dependency=");
        deps_arg.push(deps);
        let mut args: Vec<std::ffi::OsString> = [
            "--edition",
            "2021",
            "--crate-type",
            "bin",
            "--crate-name",
            "khoi",
            "-A",
            "unused",
            "-C",
            "debuginfo=0",
            "-C",
            "strip=debuginfo",
            "--error-format=json",
            "--color",
            "never",
            "-L",
        ]
        .iter()
        .map(Into::into)
        .collect();
        args.push(deps_arg);
        args.push("--extern".into());
        args.push(extern_arg);
        args.push("-o".into());
        args.push(exe.into());
        args.push(SOURCE_FILE.into());
        args
    }

    /// Lệnh biên dịch trong hộp cát: bộ công cụ ở `/rust`, các thư viện ở
    /// `/deps` (và `/crate`), mã nguồn và mọi tệp tạm trong `/build`.
    fn sandboxed_compile(
        &self,
        b: &Bubblewrap,
        user: RunUser,
        dir: &Path,
    ) -> Result<Command, String> {
        let tc = &self.toolchain;
        let sysroot = tc
            .rustc
            .parent()
            .and_then(Path::parent)
            .filter(|s| s.join("lib").is_dir())
            .ok_or_else(|| format!("không tìm thấy bộ công cụ của {}", tc.rustc.display()))?;
        let rustc_name = tc.rustc.file_name().unwrap_or_default().to_string_lossy();
        let rlib_name = tc.rlib.file_name().unwrap_or_default().to_string_lossy();
        let in_deps = tc.rlib.parent() == Some(tc.deps.as_path());
        let rlib_inside = if in_deps {
            format!("/deps/{rlib_name}")
        } else {
            format!("/crate/{rlib_name}")
        };
        let mut jail = counted(b.jail())
            .tmpfs("/build", crate::limits::RUNNER_BUILD_MIB << 20)
            .ro_bind(&dir.join(SOURCE_FILE), &format!("/build/{SOURCE_FILE}"))
            .bind(dir, "/out")
            .ro_bind(sysroot, "/rust")
            .ro_bind(&tc.deps, "/deps");
        if !in_deps {
            jail = jail.dir("/crate").ro_bind(&tc.rlib, &rlib_inside);
        }
        let jail = jail
            .allow_unix_pairs()
            .chdir("/build")
            .env("HOME", "/build");
        let mut args: Vec<std::ffi::OsString> = vec!["-c".into(), BUILD_SCRIPT.into()];
        args.push(format!("/rust/bin/{rustc_name}").into());
        args.extend(Self::rustc_args(
            Path::new("/deps"),
            Path::new(&rlib_inside),
            Path::new("khoi"),
        ));
        Ok(b.command(user, jail, "/bin/sh", args))
    }

    /// `user`: người dùng của hộp cát (đã là chủ của `dir`), nếu có hộp cát.
    pub(super) fn compile(
        &self,
        prepared: &Prepared,
        dir: &Path,
        user: Option<RunUser>,
        stop: &AtomicBool,
    ) -> Result<PathBuf, Box<RunResult>> {
        let internal = |e: std::io::Error| Box::new(RunResult::internal(e.to_string()));
        std::fs::write(dir.join(SOURCE_FILE), &prepared.source).map_err(internal)?;
        let exe = dir.join(format!("khoi{}", std::env::consts::EXE_SUFFIX));
        let limits = &self.settings.compile;
        let done = match (self.bubblewrap(), user) {
            (Some(b), Some(user)) => {
                let cmd = self
                    .sandboxed_compile(b, user, dir)
                    .map_err(|e| Box::new(RunResult::internal(e)))?;
                let done = sandbox::run_stoppable(cmd, limits, User::Sandbox(user.uid), stop);
                // Người dùng (ngẫu nhiên) của lần chạy sau phải chạy được nó.
                #[cfg(unix)]
                if exe.exists() {
                    use std::os::unix::fs::PermissionsExt;
                    let _ = std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755));
                }
                done
            }
            _ => {
                let tc = &self.toolchain;
                let mut cmd = Command::new(&tc.rustc);
                cmd.current_dir(dir)
                    .args(Self::rustc_args(&tc.deps, &tc.rlib, &exe));
                sandbox::run_stoppable(cmd, limits, User::AsLimitsSay, stop)
            }
        };
        let stderr = String::from_utf8_lossy(&done.stderr).into_owned();
        let stopped = |status: Status, headline: String| {
            Box::new(RunResult {
                headline: Some(headline),
                status,
                ..RunResult::internal(String::new())
            })
        };
        match done.ending {
            Ending::Exited(0) if exe.exists() => Ok(exe),
            Ending::Stopped => Err(Box::new(RunResult::stopped(true))),
            Ending::TimedOut => Err(stopped(
                Status::Timeout,
                format!(
                    "Biên dịch quá {} giây nên bị dừng. Thường là vì một hằng số (`const`, `static`, mảng có độ dài tính lúc biên dịch) được tính bằng một vòng lặp không dừng: trình biên dịch tính nó mãi mà không xong.",
                    limits.wall.as_secs()
                ),
            )),
            Ending::Signaled(24) => Err(stopped(
                Status::Timeout,
                format!(
                    "Biên dịch dùng quá {} giây CPU nên bị dừng (có thể là một hằng số tính bằng vòng lặp không dừng).",
                    limits.cpu_seconds
                ),
            )),
            Ending::MemoryLimit => Err(stopped(
                Status::MemoryLimit,
                format!(
                    "Biên dịch cần quá {} MiB bộ nhớ (tính chung mọi tiến trình của trình biên dịch) nên bị dừng (có thể là một hằng số hay mảng rất lớn tính lúc biên dịch).",
                    limits.memory_bytes >> 20
                ),
            )),
            Ending::CpuLimit => Err(stopped(
                Status::Timeout,
                format!(
                    "Biên dịch dùng quá {} giây CPU nên bị dừng (có thể là một hằng số tính bằng vòng lặp không dừng).",
                    limits.cpu_seconds
                ),
            )),
            Ending::Signaled(_) if stderr.contains("memory allocation of") => Err(stopped(
                Status::MemoryLimit,
                format!(
                    "Biên dịch cần quá {} MiB bộ nhớ nên bị dừng (có thể là một hằng số hay mảng rất lớn tính lúc biên dịch).",
                    limits.memory_bytes >> 20
                ),
            )),
            Ending::OutputLimit => Err(stopped(
                Status::OutputLimit,
                "Trình biên dịch báo quá nhiều lỗi nên bị dừng; hãy sửa các lỗi đầu tiên trước.".into(),
            )),
            Ending::SpawnFailed(e) => Err(Box::new(RunResult::internal(format!(
                "không chạy được rustc ({e})"
            )))),
            _ => {
                let report = compile_report(&stderr, prepared, SOURCE_FILE);
                let headline = if report.first_message.contains("taking a long time") {
                    format!(
                        "{} Việc tính một hằng số lúc biên dịch chạy quá lâu: có thể là một vòng lặp không dừng trong `const`.",
                        report.headline()
                    )
                } else {
                    report.headline()
                };
                Err(Box::new(RunResult {
                    status: Status::CompileError,
                    headline: Some(headline),
                    compile: Some(report),
                    ..RunResult::internal(String::new())
                }))
            }
        }
    }
}

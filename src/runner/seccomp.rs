//! Bộ lọc seccomp của hộp cát: những lời gọi hệ thống mà một khối mã không bao
//! giờ cần, và là "bề mặt" quen thuộc của các lỗ hổng nâng quyền trong nhân
//! Linux, bị từ chối trước khi tới nhân — theo tinh thần bộ lọc mặc định của
//! Docker, cho cả trình chạy chạy bằng `root` lẫn bằng người dùng thường.
//!
//! Bị từ chối (`EPERM`, trừ khi ghi khác):
//! - tạo hay vào namespace: `unshare`, `setns`, `clone` với một cờ `CLONE_NEW*`
//!   (`clone3` trả `ENOSYS`: thư viện C tự quay về `clone`, nơi bộ lọc đọc được
//!   các cờ) — nên không có user namespace nào, không có "root" nào trong hộp;
//! - gắn hệ tệp: `mount`, `umount2`, `pivot_root`, `chroot`, các lời gọi
//!   `fsopen`… của API gắn mới;
//! - `io_uring`, `keyctl` và khóa của nhân, `bpf`, `userfaultfd`, `ptrace` và
//!   `process_vm_*`, `perf_event_open`, nạp mô-đun nhân, `kexec`, `reboot`,
//!   `swapon`, đặt đồng hồ, `open_by_handle_at`…;
//! - mọi `socket` và `socketpair` (`EAFNOSUPPORT`): không netlink (nf_tables,
//!   xfrm), không `AF_PACKET`, không `AF_VSOCK`, và cả `AF_UNIX`, `AF_INET`:
//!   dữ liệu chờ trong một socket nằm ở bộ nhớ của nhân, không thuộc tiến trình
//!   nào và không được nhóm cgroup v1 đếm (một cặp `AF_UNIX` với `SO_SNDBUF`
//!   lớn giữ ~19 MiB; 40 cặp giữ 754 MiB mà RSS 10 MB), còn bộ đệm TCP là của
//!   chung cả máy (`tcp_mem`). Khối mã của sách không cần mạng (hộp đã không
//!   có mạng). Riêng hộp của trình biên dịch được `socketpair(AF_UNIX)`
//!   ([`Filter::unix_pairs`]);
//! - bộ nhớ chia sẻ kiểu System V (`shmget`), và `memfd_create` khi bộ nhớ của
//!   khối không được đếm chung bằng cgroup ([`Filter::memfd`]): trang của một
//!   memfd không thuộc không gian địa chỉ của tiến trình nào.
//!
//! Kiến trúc khác kiến trúc của trình chạy (ví dụ lời gọi 32 bit) thì tiến trình
//! bị giết. Bộ lọc là một chương trình BPF cổ điển viết tay (vài chục lệnh), đưa
//! cho bubblewrap qua `--seccomp FD` ([`super::bubblewrap`]).

/// Bộ lọc có cho phép `memfd_create` và `socketpair(AF_UNIX)` không.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Filter {
    /// Cho phép `memfd_create`: chỉ khi cgroup đếm trang của nó vào bộ nhớ của khối.
    pub memfd: bool,
    /// Cho phép `socketpair(AF_UNIX, …)`: chỉ cho hộp của trình biên dịch (`rustc`
    /// chạy trình liên kết qua một cặp socket như thế; mã của khối không chạy
    /// trong hộp ấy). `socket` thì không bao giờ.
    pub unix_pairs: bool,
}

impl Filter {
    /// Chương trình BPF, dạng byte như nhân đọc (`struct sock_filter` liên tiếp),
    /// hoặc `None` nếu chưa có bộ lọc cho kiến trúc này.
    pub fn program(self) -> Option<Vec<u8>> {
        #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
        {
            Some(bytes(&x86_64::build(self)))
        }
        #[cfg(not(all(target_os = "linux", target_arch = "x86_64")))]
        {
            let _ = self;
            None
        }
    }
}

/// Một lệnh BPF: mã lệnh, hai bước nhảy (đúng, sai) và hằng số.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Insn {
    code: u16,
    jt: u8,
    jf: u8,
    k: u32,
}

fn bytes(program: &[Insn]) -> Vec<u8> {
    let mut out = Vec::with_capacity(program.len() * 8);
    for i in program {
        out.extend_from_slice(&i.code.to_ne_bytes());
        out.push(i.jt);
        out.push(i.jf);
        out.extend_from_slice(&i.k.to_ne_bytes());
    }
    out
}

// Mã lệnh BPF cổ điển (linux/filter.h, linux/bpf_common.h).
const LD_W_ABS: u16 = 0x20; // BPF_LD (0) | BPF_W (0) | BPF_ABS (0x20)
const JEQ_K: u16 = 0x05 | 0x10; // BPF_JMP | BPF_JEQ | BPF_K
const JGE_K: u16 = 0x05 | 0x30; // BPF_JMP | BPF_JGE | BPF_K
const JSET_K: u16 = 0x05 | 0x40; // BPF_JMP | BPF_JSET | BPF_K
const RET_K: u16 = 0x06; // BPF_RET | BPF_K

// Kết quả của bộ lọc (linux/seccomp.h).
const RET_KILL_PROCESS: u32 = 0x8000_0000;
const RET_ERRNO: u32 = 0x0005_0000;
const RET_ALLOW: u32 = 0x7fff_0000;

// Vị trí trong `struct seccomp_data`: số hiệu lời gọi, kiến trúc, đối số đầu
// (nửa thấp, máy little-endian).
const NR: u32 = 0;
const ARCH: u32 = 4;
const ARG0: u32 = 16;

/// Mọi cờ `CLONE_NEW*` mà `clone` nhận (CLONE_NEWTIME trùng bit tín hiệu của
/// `clone` nên chỉ tạo được bằng `unshare`, cũng bị chặn).
const CLONE_NAMESPACES: u32 = 0x0002_0000 // CLONE_NEWNS
    | 0x0200_0000 // CLONE_NEWCGROUP
    | 0x0400_0000 // CLONE_NEWUTS
    | 0x0800_0000 // CLONE_NEWIPC
    | 0x1000_0000 // CLONE_NEWUSER
    | 0x2000_0000 // CLONE_NEWPID
    | 0x4000_0000; // CLONE_NEWNET

/// Nơi một bước nhảy tới: lệnh kế (`Next`) hay một trong các lệnh `return` ở
/// cuối chương trình.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum To {
    Next,
    /// Bỏ qua bấy nhiêu lệnh kế tiếp.
    Skip(u8),
    Allow,
    Deny,
    NoSys,
    NoFamily,
    Kill,
}

/// Một lệnh trước khi tính bước nhảy.
#[derive(Debug, Clone, Copy)]
enum Step {
    Load(u32),
    Jump { code: u16, k: u32, yes: To, no: To },
}

/// Dựng chương trình: các bước rồi bốn lệnh `return`, bước nhảy tính theo số lệnh.
fn assemble(steps: &[Step]) -> Vec<Insn> {
    let ends = [To::Allow, To::Deny, To::NoSys, To::NoFamily, To::Kill];
    let n = steps.len();
    let offset = |at: usize, to: To| -> u8 {
        match to {
            To::Next => return 0,
            To::Skip(k) => return k,
            _ => {}
        }
        let target = n + ends.iter().position(|e| *e == to).unwrap_or(0);
        u8::try_from(target - at - 1).expect("bộ lọc seccomp ngắn hơn 256 lệnh")
    };
    let mut out: Vec<Insn> = steps
        .iter()
        .enumerate()
        .map(|(at, s)| match *s {
            Step::Load(k) => Insn {
                code: LD_W_ABS,
                jt: 0,
                jf: 0,
                k,
            },
            Step::Jump { code, k, yes, no } => Insn {
                code,
                jt: offset(at, yes),
                jf: offset(at, no),
                k,
            },
        })
        .collect();
    let errno = |e: i32| RET_ERRNO | (e as u32 & 0xffff);
    for end in ends {
        let k = match end {
            To::Allow | To::Next | To::Skip(_) => RET_ALLOW,
            To::Deny => errno(libc::EPERM),
            To::NoSys => errno(libc::ENOSYS),
            To::NoFamily => errno(libc::EAFNOSUPPORT),
            To::Kill => RET_KILL_PROCESS,
        };
        out.push(Insn {
            code: RET_K,
            jt: 0,
            jf: 0,
            k,
        });
    }
    out
}

#[cfg(all(target_os = "linux", target_arch = "x86_64"))]
mod x86_64 {
    use super::*;

    /// `AUDIT_ARCH_X86_64` (linux/audit.h).
    const AUDIT_ARCH: u32 = 0xc000_003e;
    /// Bit của các lời gọi x32 (không gian số riêng, cũng bị từ chối).
    const X32_BIT: u32 = 0x4000_0000;

    /// Các lời gọi bị từ chối hẳn (`EPERM`).
    const DENIED: &[libc::c_long] = &[
        // namespace và hệ tệp
        libc::SYS_unshare,
        libc::SYS_setns,
        libc::SYS_mount,
        libc::SYS_umount2,
        libc::SYS_pivot_root,
        libc::SYS_chroot,
        libc::SYS_fsopen,
        libc::SYS_fsconfig,
        libc::SYS_fsmount,
        libc::SYS_fspick,
        libc::SYS_move_mount,
        libc::SYS_open_tree,
        libc::SYS_mount_setattr,
        // bề mặt nhân hay bị khai thác
        libc::SYS_io_uring_setup,
        libc::SYS_io_uring_enter,
        libc::SYS_io_uring_register,
        libc::SYS_keyctl,
        libc::SYS_add_key,
        libc::SYS_request_key,
        libc::SYS_bpf,
        libc::SYS_userfaultfd,
        libc::SYS_perf_event_open,
        // tiến trình khác
        libc::SYS_ptrace,
        libc::SYS_process_vm_readv,
        libc::SYS_process_vm_writev,
        libc::SYS_pidfd_getfd,
        libc::SYS_kcmp,
        // quản trị máy
        libc::SYS_kexec_load,
        libc::SYS_kexec_file_load,
        libc::SYS_init_module,
        libc::SYS_finit_module,
        libc::SYS_delete_module,
        libc::SYS_reboot,
        libc::SYS_swapon,
        libc::SYS_swapoff,
        libc::SYS_acct,
        libc::SYS_quotactl,
        libc::SYS_syslog,
        libc::SYS_settimeofday,
        libc::SYS_clock_settime,
        libc::SYS_clock_adjtime,
        libc::SYS_open_by_handle_at,
        libc::SYS_name_to_handle_at,
        libc::SYS_lookup_dcookie,
        libc::SYS_fanotify_init,
        libc::SYS_uselib,
        libc::SYS_vhangup,
        libc::SYS_iopl,
        libc::SYS_ioperm,
        // bộ nhớ ngoài không gian địa chỉ
        libc::SYS_shmget,
        libc::SYS_memfd_secret,
    ];

    pub fn build(filter: Filter) -> Vec<Insn> {
        let jump = |code, k: u32, yes, no| Step::Jump { code, k, yes, no };
        let is = |k: u32, yes| jump(JEQ_K, k, yes, To::Next);
        let nr = |n: libc::c_long| n as u32;
        let mut steps = vec![
            Step::Load(ARCH),
            jump(JEQ_K, AUDIT_ARCH, To::Next, To::Kill),
            Step::Load(NR),
            jump(JGE_K, X32_BIT, To::Deny, To::Next),
        ];
        steps.extend(DENIED.iter().map(|&n| is(nr(n), To::Deny)));
        if !filter.memfd {
            steps.push(is(nr(libc::SYS_memfd_create), To::Deny));
        }
        steps.extend([
            is(nr(libc::SYS_clone3), To::NoSys),
            // socket, socketpair: không họ địa chỉ nào (bộ đệm của socket là bộ
            // nhớ của nhân mà không giới hạn nào của khối đếm).
            is(nr(libc::SYS_socket), To::NoFamily),
        ]);
        if filter.unix_pairs {
            steps.extend([
                jump(JEQ_K, nr(libc::SYS_socketpair), To::Next, To::Skip(2)),
                Step::Load(ARG0),
                jump(JEQ_K, libc::AF_UNIX as u32, To::Allow, To::NoFamily),
            ]);
        } else {
            steps.push(is(nr(libc::SYS_socketpair), To::NoFamily));
        }
        steps.extend([
            // clone: từ chối nếu có một cờ namespace.
            jump(JEQ_K, nr(libc::SYS_clone), To::Next, To::Allow),
            Step::Load(ARG0),
            jump(JSET_K, CLONE_NAMESPACES, To::Deny, To::Allow),
        ]);
        assemble(&steps)
    }
}

#[cfg(all(test, target_os = "linux", target_arch = "x86_64"))]
mod tests {
    use super::*;

    /// Chạy chương trình BPF như nhân (chỉ các lệnh bộ lọc dùng): kết quả trả về.
    fn decide(program: &[Insn], arch: u32, nr: libc::c_long, arg0: u64) -> u32 {
        let mut data = [0u8; 64];
        data[0..4].copy_from_slice(&(nr as u32).to_ne_bytes());
        data[4..8].copy_from_slice(&arch.to_ne_bytes());
        data[16..24].copy_from_slice(&arg0.to_ne_bytes());
        let word = |at: u32| {
            let at = at as usize;
            u32::from_ne_bytes(data[at..at + 4].try_into().unwrap())
        };
        let (mut pc, mut a) = (0usize, 0u32);
        loop {
            let i = program[pc];
            pc += 1;
            let taken = match i.code {
                LD_W_ABS => {
                    a = word(i.k);
                    continue;
                }
                RET_K => return i.k,
                JEQ_K => a == i.k,
                JGE_K => a >= i.k,
                JSET_K => a & i.k != 0,
                other => panic!("lệnh lạ {other:#x}"),
            };
            pc += usize::from(if taken { i.jt } else { i.jf });
        }
    }

    const X86_64: u32 = 0xc000_003e;
    const EPERM: u32 = RET_ERRNO | libc::EPERM as u32;

    fn run(memfd: bool, nr: libc::c_long, arg0: u64) -> u32 {
        let filter = Filter {
            memfd,
            unix_pairs: false,
        };
        decide(&x86_64::build(filter), X86_64, nr, arg0)
    }

    #[test]
    fn ordinary_calls_pass() {
        for nr in [
            libc::SYS_read,
            libc::SYS_write,
            libc::SYS_mmap,
            libc::SYS_execve,
            libc::SYS_getpid,
        ] {
            assert_eq!(run(false, nr, 0), RET_ALLOW, "lời gọi {nr}");
        }
        // fork/thread thường: clone không có cờ namespace.
        let thread = (libc::CLONE_VM | libc::CLONE_THREAD | libc::CLONE_SIGHAND) as u64;
        assert_eq!(run(false, libc::SYS_clone, thread), RET_ALLOW);
        assert_eq!(run(false, libc::SYS_pipe2, 0), RET_ALLOW);
    }

    #[test]
    fn namespaces_and_kernel_surface_refused() {
        for nr in [
            libc::SYS_unshare,
            libc::SYS_setns,
            libc::SYS_mount,
            libc::SYS_io_uring_setup,
            libc::SYS_keyctl,
            libc::SYS_bpf,
            libc::SYS_userfaultfd,
            libc::SYS_ptrace,
            libc::SYS_perf_event_open,
            libc::SYS_shmget,
        ] {
            assert_eq!(run(true, nr, 0), EPERM, "lời gọi {nr}");
        }
        for flag in [libc::CLONE_NEWUSER, libc::CLONE_NEWNS, libc::CLONE_NEWNET] {
            let flags = (flag | libc::SIGCHLD) as u64;
            assert_eq!(run(false, libc::SYS_clone, flags), EPERM);
        }
        assert_eq!(
            run(false, libc::SYS_clone3, 0),
            RET_ERRNO | libc::ENOSYS as u32
        );
        for family in [libc::AF_NETLINK, libc::AF_PACKET, libc::AF_VSOCK] {
            assert_eq!(
                run(false, libc::SYS_socket, family as u64),
                RET_ERRNO | libc::EAFNOSUPPORT as u32
            );
        }
    }

    /// Bộ đệm của socket không được giới hạn nào của khối đếm: không socket nào,
    /// kể cả `AF_UNIX`/`AF_INET`, và cả `socketpair` (họ `AF_TIPC` có `socketpair`
    /// trên những nhân nạp nó).
    #[test]
    fn no_socket_of_any_family() {
        for memfd in [false, true] {
            for family in [
                libc::AF_UNIX,
                libc::AF_INET,
                libc::AF_INET6,
                libc::AF_TIPC,
                libc::AF_NETLINK,
            ] {
                for nr in [libc::SYS_socket, libc::SYS_socketpair] {
                    assert_eq!(
                        run(memfd, nr, family as u64),
                        RET_ERRNO | libc::EAFNOSUPPORT as u32,
                        "lời gọi {nr}, họ {family}"
                    );
                }
            }
        }
    }

    /// Hộp của trình biên dịch: chỉ `socketpair(AF_UNIX)`, vẫn không `socket` nào.
    #[test]
    fn compiler_gets_only_unix_pairs() {
        let program = x86_64::build(Filter {
            memfd: false,
            unix_pairs: true,
        });
        let pair = |family: i32| decide(&program, X86_64, libc::SYS_socketpair, family as u64);
        assert_eq!(pair(libc::AF_UNIX), RET_ALLOW);
        let no_family = RET_ERRNO | libc::EAFNOSUPPORT as u32;
        assert_eq!(pair(libc::AF_TIPC), no_family);
        assert_eq!(pair(libc::AF_INET), no_family);
        for family in [libc::AF_UNIX, libc::AF_INET] {
            let one = decide(&program, X86_64, libc::SYS_socket, family as u64);
            assert_eq!(one, no_family);
        }
        // Các bước sau vẫn đúng: clone đọc cờ, lời gọi thường được.
        let user_ns = (libc::CLONE_NEWUSER | libc::SIGCHLD) as u64;
        assert_eq!(decide(&program, X86_64, libc::SYS_clone, user_ns), EPERM);
        assert_eq!(decide(&program, X86_64, libc::SYS_clone, 0), RET_ALLOW);
        assert_eq!(decide(&program, X86_64, libc::SYS_getpid, 0), RET_ALLOW);
        assert_eq!(decide(&program, X86_64, libc::SYS_memfd_create, 0), EPERM);
    }

    #[test]
    fn memfd_only_when_counted() {
        assert_eq!(run(false, libc::SYS_memfd_create, 0), EPERM);
        assert_eq!(run(true, libc::SYS_memfd_create, 0), RET_ALLOW);
    }

    #[test]
    fn other_architectures_and_x32_stopped() {
        let program = x86_64::build(Filter {
            memfd: true,
            unix_pairs: false,
        });
        let i386 = 0x4000_0003;
        assert_eq!(decide(&program, i386, 1, 0), RET_KILL_PROCESS);
        assert_eq!(
            decide(&program, X86_64, 0x4000_0000 | libc::SYS_write, 0),
            EPERM
        );
    }
}

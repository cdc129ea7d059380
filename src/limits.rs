//! Giới hạn của mọi đầu vào, ghi ở **một** chỗ.
//!
//! Mỗi đầu vào có một ngân sách: số byte đọc vào, số nút của một cây, số bước
//! của một vết, số nút vẽ trên một hình, độ dài một dãy Grundy, cỡ một ván chơi
//! mẫu… Đầu vào vượt ngân sách bị từ chối *trước khi làm* (hoặc ngay khi vừa
//! vượt, nếu chỉ biết được khi đang đọc), với một câu tiếng Việt nói rõ giới hạn
//! nào, đầu vào lớn bao nhiêu, và làm gì thì được.
//!
//! Với các giới hạn mặc định, không lệnh nào của `caytrochoi` dùng quá 1 GiB bộ
//! nhớ hay quá 30 giây, dù đầu vào là gì. Bốn giới hạn về cây ([`Limits`]) nâng
//! được khi thật cần (máy mạnh, cây lớn): trong thư viện bằng các trường của
//! [`Limits`], trên dòng lệnh bằng `--max-input-bytes`, `--max-tree-nodes`,
//! `--max-trace-events`, `--max-drawn-nodes`. Các giới hạn còn lại đi theo chi
//! phí của thuật toán và cố định.
//!
//! Mọi giới hạn đều đủ rộng cho mọi ví dụ của bài giảng, của sách và của bài tập
//! (cây của bài giảng có 11 nút, vết của nó 20 bước).
//!
//! ```
//! use caytrochoi::limits::{self, Limits};
//! assert_eq!(Limits::default().tree_nodes, limits::TREE_NODES);
//! // Bảng giới hạn mà `caytrochoi --help` in ra:
//! assert!(limits::help_table().contains("--max-tree-nodes"));
//! ```

/// Khai báo các giới hạn cùng dòng của chúng trong bảng trợ giúp, mỗi giới hạn
/// **một** lần: `pub const TÊN: kiểu = giá_trị => "giới hạn gì", "đơn vị"[,
/// "--tùy-chọn-nâng"];` (không có `=> …`: giới hạn không in trong bảng). Bảng
/// `$table` liệt kê các dòng theo thứ tự khai báo.
macro_rules! limits {
    ($(#[$table_doc:meta])* $table:ident;
     $($(#[$doc:meta])*
       pub const $name:ident: $t:ty = $value:expr $(=> $what:literal, $unit:literal $(, $option:literal)?)?;
     )*) => {
        $($(#[$doc])* pub const $name: $t = $value;)*

        $(#[$table_doc])*
        #[allow(clippy::unnecessary_cast)]
        pub const $table: &[LimitInfo] = &[
            $($(info($what, $name as u64, $unit, limits!(@option $($option)?)),)?)*
        ];
    };
    (@option) => { None };
    (@option $option:literal) => { Some($option) };
}

limits! {
    /// Mọi giới hạn, theo thứ tự in trong `caytrochoi --help`.
    TABLE;

    // --- Cây trò chơi (nâng được) --------------------------------------------------

    /// Số byte tối đa đọc từ một tệp hay đầu vào chuẩn (`--tree @tệp`, `--tree -`):
    /// 32 MiB. Dòng lệnh: `--max-input-bytes`.
    pub const INPUT_BYTES: usize = 32 << 20
        => "đọc một tệp / đầu vào chuẩn", "byte", "--max-input-bytes";

    /// Số nút tối đa của một cây đọc từ văn bản hay JSON: một triệu.
    /// Dòng lệnh: `--max-tree-nodes`.
    pub const TREE_NODES: usize = 1_000_000
        => "nút của một cây (văn bản, JSON)", "nút", "--max-tree-nodes";

    /// Số bước tối đa của một vết tìm kiếm: một triệu (vết của cây bài giảng có
    /// 20 bước). Vượt quá thì lần tìm kiếm dừng với lỗi
    /// [`SearchError::TraceTooLong`](crate::SearchError::TraceTooLong).
    /// Dòng lệnh: `--max-trace-events`.
    pub const TRACE_EVENTS: usize = 1_000_000
        => "bước của một vết (--trace, draw tree)", "bước", "--max-trace-events";

    /// Số nút vẽ trên một hình cây (mặc định 150); phần còn lại được tóm tắt bằng
    /// một dòng ghi chú. Dòng lệnh: `--max-drawn-nodes`.
    pub const DRAWN_NODES: usize = 150 => "nút vẽ trên một hình cây", "nút", "--max-drawn-nodes";

    // --- Cây trò chơi (cố định) ------------------------------------------------------

    /// Số dòng giá trị tạm tối đa ghi cạnh một nút trên hình cây (`--temp-values`):
    /// những giá trị đầu, một dòng "… (k giá trị tạm nữa)" và giá trị cuối.
    pub const DRAWN_TEMPS: usize = 12 => "giá trị tạm ghi cạnh một nút trên hình", "dòng";

    /// Độ sâu tối đa của một cây và của đệ quy khi tìm kiếm (tránh tràn ngăn xếp).
    pub const TREE_DEPTH: u32 = 1000 => "độ sâu của một cây", "mức";

    /// Số nút tối đa khi khai triển một trò chơi thành cây tường minh
    /// ([`GameTree::from_game`](crate::GameTree::from_game)) hay dựng cây ngẫu nhiên.
    pub const EXPANDED_NODES: usize = 2_000_000 => "nút khi khai triển một trò chơi", "nút";

    /// Số nút tối đa của cây ngẫu nhiên trong biểu đồ số nút (`draw nodes`).
    pub const NODE_CHART_NODES: usize = 1_500_000 => "nút của cây trong draw nodes", "nút";

    /// Số con mỗi nút (nhỏ nhất, lớn nhất) của cây ngẫu nhiên trong biểu đồ số nút.
    pub const NODE_CHART_BRANCHING: (u32, u32) = (2, 20);

    /// Độ sâu lớn nhất của cây ngẫu nhiên trong biểu đồ số nút.
    pub const NODE_CHART_DEPTH: u32 = 30;

    /// Độ sâu mặc định vẽ trên một hình cây ([`TreeDiagram::max_depth`](crate::plot::TreeDiagram::max_depth)).
    pub const DRAWN_DEPTH: u32 = 6;

    /// Số nút tối đa của một cây biểu thức vẽ được.
    pub const DRAWN_EXPR_NODES: usize = 127;

    // --- Hình của chương Grundy (cố định) ---------------------------------------------

    /// Cạnh lớn nhất của một bàn cờ vẽ được (bảng G của quân Hậu, thắng/thua).
    pub const DRAWN_BOARD_SIDE: usize = 40;

    /// Số đỉnh tối đa của một đồ thị trò chơi vẽ được.
    pub const DRAWN_GRAPH_NODES: usize = 30;

    /// Số ô tối đa của một dải vẽ được (Tô màu, Chuyển sỏi, Cờ DAM, đống Nim).
    pub const DRAWN_STRIP_CELLS: usize = 200;

    /// Số dải (hàng) tối đa của một hình dải.
    pub const DRAWN_STRIP_ROWS: usize = 60;

    /// Số toán tử tối đa của một biểu thức số học.
    pub const EXPR_OPERATORS: usize = 1000;

    /// Độ lồng ngoặc tối đa của một biểu thức số học.
    pub const EXPR_NESTING: usize = 200;

    // --- Hàm Grundy (cố định, theo chi phí của thuật toán) ----------------------------

    /// Số trạng thái tối đa mà bảng ghi nhớ giá trị Grundy giữ, mặc định
    /// ([`GrundyMemo::new`](crate::grundy::GrundyMemo::new)).
    pub const GRUNDY_POSITIONS: usize = 2_000_000;

    /// Số ô tối đa của dải băng Tô màu (`to-mau N`, kể cả `--play`): tính dãy G cỡ
    /// N², ván chơi mẫu cỡ N².
    pub const TO_MAU_CELLS: usize = 20_000 => "Tô màu: số ô N (kể cả --play)", "ô";

    /// Chơi với máy trong trang (danh mục `grundy::lecture`): số ô tối đa của dải Tô màu và
    /// tổng số viên tối đa của một thế bát phân. Mỗi lượt liệt kê mọi nước cùng thế
    /// sau nước (cỡ N² chữ), nên nhỏ hơn nhiều giới hạn của phân tích.
    pub const GRUNDY_PLAY_SIZE: usize = 200;

    /// Độ dài tối đa của dãy Grundy của một trò chơi bát phân (chi phí cỡ n²).
    pub const OCTAL_VALUES: usize = 20_000 => "octal: độ dài dãy G", "giá trị";

    /// Số chữ số tối đa sau dấu chấm của mã bát phân.
    pub const OCTAL_DIGITS: usize = 32 => "octal: chữ số của mã", "chữ số";

    /// Độ dài tối đa của dãy Grundy của Nim chia đống.
    pub const NIM_SPLIT_VALUES: usize = 50_000 => "nim-chia: độ dài dãy G", "giá trị";

    /// Cạnh tối đa của bàn cờ quân Hậu.
    pub const QUEEN_SIDE: u32 = 400 => "hau: cột, hàng", "";

    /// Cạnh tối đa khi in cả bảng G(p, q) của quân Hậu.
    pub const QUEEN_TABLE_SIDE: u32 = 60 => "hau --table: cột, hàng", "";

    /// Cạnh tối đa của thanh socola.
    pub const SOCOLA_SIDE: u32 = 300 => "socola: số hàng, số cột", "";

    /// Số sỏi tối đa của một đống (Bốc sỏi).
    pub const BOC_SOI_PILE: u32 = 2000 => "boc-soi: sỏi một đống", "viên";

    /// Số viên bốc tối đa trong một nước (Bốc sỏi có luật tùy chọn).
    pub const BOC_SOI_TAKE: u32 = 100;

    /// Số ô tối đa của dải băng Chuyển sỏi.
    pub const CHUYEN_SOI_CELLS: u32 = 100_000 => "chuyen-soi: số ô", "ô";

    /// Số ô tối đa của dải băng Chuyển sỏi khi cho phép lùi (phân tích ngược).
    pub const CHUYEN_SOI_CELLS_RETREAT: u32 = 300 => "chuyen-soi --retreat: số ô", "ô";

    /// Số ô dịch tối đa của một nước Chuyển sỏi.
    pub const CHUYEN_SOI_STEP: u32 = 1000 => "chuyen-soi: ô dịch một nước", "ô";

    /// Số đống tối đa của Nim (`caytrochoi grundy nim`).
    pub const NIM_HEAPS: usize = 10 => "nim: số đống", "đống";

    /// Số viên tối đa của một đống Nim.
    pub const NIM_HEAP: u32 = 1000 => "nim: sỏi một đống", "viên";

    /// Số hàng tối đa của bàn Cờ DAM (`caytrochoi grundy dam`).
    pub const DAM_ROWS: usize = 10 => "dam: số hàng", "hàng";

    /// Số ô tối đa của một hàng Cờ DAM.
    pub const DAM_WIDTH: u32 = 100 => "dam: số ô một hàng", "ô";

    /// Số đỉnh tối đa của một đồ thị trò chơi viết bằng chữ
    /// ([`GraphGame::parse`](crate::grundy::GraphGame::parse), bài tập chương 5).
    pub const GRAPH_NODES: usize = 200 => "đồ thị trò chơi (bài tập): số đỉnh", "đỉnh";

    /// Số byte tối đa của văn bản một đồ thị trò chơi (200 đỉnh nối với nhau đủ
    /// mọi cung chỉ cần cỡ 250 KB).
    pub const GRAPH_TEXT_BYTES: usize = 1 << 20 => "đồ thị trò chơi (bài tập): văn bản", "byte";

    // --- Dodgem -------------------------------------------------------------------

    /// Cạnh lớn nhất của bàn cờ khi giải chính xác (`dodgem solve`) mà không cần
    /// xin phép: bàn 4×4 giải trong chưa tới một giây; bàn 5×5 (120 triệu thế cờ)
    /// mất 20–50 giây (20 s trên máy hai lõi rảnh, 46 s khi máy bận) và khoảng
    /// 220 MB. Dòng lệnh: `--max-solve-size 5`.
    pub const DODGEM_SOLVE_SIZE: usize = 4 => "dodgem solve: cạnh bàn cờ", "ô", "--max-solve-size";

    /// Độ sâu tìm kiếm tối đa khi chơi với máy (dòng lệnh, ván [`Match`](crate::dodgem::Match)
    /// trong notebook) hay lượng giá (`--depth`).
    pub const DODGEM_DEPTH: u32 = 10 => "dodgem: --depth", "nước";

    /// Độ sâu tối đa khi đếm nút hay so sánh (`--max-depth`).
    pub const DODGEM_MAX_DEPTH: u32 = 8 => "dodgem: --max-depth", "nước";

    /// Độ sâu giới hạn lớn nhất của biểu đồ số nút Dodgem.
    pub const DODGEM_CHART_DEPTH: u32 = 12;

    /// Số nút vét cạn được phép xét khi vẽ biểu đồ số nút Dodgem (ước lượng trước
    /// mỗi độ sâu).
    pub const DODGEM_CHART_NODES: u64 = 2_000_000;

    /// Số byte tối đa của một dòng gõ vào khi chơi.
    pub const PLAY_LINE_BYTES: usize = 4096 => "dodgem play: một dòng gõ vào", "byte";

    /// Số dòng tối đa đọc vào trong một ván chơi (một ván thật chỉ cần vài chục).
    pub const PLAY_LINES: usize = 10_000 => "dodgem play: số dòng một ván", "dòng";

    // --- Tìm kiếm thực tế (chương 7) ---------------------------------------------

    /// Số ô tối đa của một bảng chuyển vị: 4 triệu ô (mỗi ô 4 byte, cộng vài chục
    /// byte cho mỗi thế cờ được ghi: cả bảng đầy dưới 200 MB). Dòng lệnh: `--tt-size`.
    pub const TT_ENTRIES: usize = 1 << 22 => "bảng chuyển vị: số ô (--tt-size)", "ô";

    /// Số ô mặc định của bảng chuyển vị: 65.536 — đủ cho mọi thế cờ carô (5.478).
    pub const TT_DEFAULT_ENTRIES: usize = 1 << 16;

    /// Số lần chơi thử tối đa của một lần tìm kiếm Monte Carlo (MCTS): một triệu
    /// (mỗi lần thêm một nút vào cây, nên cũng là số nút tối đa của cây MCTS).
    pub const MCTS_PLAYOUTS: u64 = 1_000_000 => "MCTS: số lần chơi thử (--playouts)", "lần";

    /// Số nước tối đa của một ván chơi thử ngẫu nhiên (Dodgem có thể lặp mãi):
    /// quá số nước này thì ván chơi thử được tính hòa.
    pub const PLAYOUT_MOVES: u32 = 200 => "MCTS: nước một ván chơi thử", "nước";

    /// Độ sâu tối đa của tìm kiếm sâu dần (`--depth` của id-tt).
    pub const DEEPENING_DEPTH: u32 = 30 => "id-tt: --depth", "nước";

    /// Số ván tối đa của mỗi cặp đấu thủ, mỗi bên cầm quân (`giai-dau --games`):
    /// cả giải trên ba trò chơi vẫn xong trong chưa tới nửa phút.
    pub const TOURNAMENT_GAMES: u32 = 5 => "giai-dau: --games mỗi cặp, mỗi bên", "ván";

    /// Số ván tối đa khi đo tỉ lệ điểm trước người đi ngẫu nhiên
    /// ([`score_against_random`](crate::tournament::score_against_random)), và số
    /// khai cuộc tối đa của một trận ([`play_match`](crate::tournament::play_match),
    /// `giai-dau --openings`; mỗi khai cuộc hai ván).
    pub const RATE_GAMES: u32 = 200;

    /// Số lần chơi thử tối đa mỗi nước của MCTS trong giải đấu (`giai-dau --playouts`).
    pub const TOURNAMENT_PLAYOUTS: u64 = 5000 => "giai-dau: --playouts của MCTS", "lần";

    /// Số nước tối đa của một ván trong giải đấu: quá thì ván hòa.
    pub const TOURNAMENT_PLIES: u32 = 200 => "giai-dau: nước một ván (quá thì hòa)", "nước";

    // --- Luyện tập (`practice`, `exercises`) -----------------------------------------

    /// Số hạt giống thử tối đa để buổi luyện tập (hay đề bài) tìm một bài chưa gặp,
    /// trước khi chấp nhận một bài đã gặp (chỉ xảy ra khi dạng bài gần hết bài mới).
    pub const PRACTICE_SEED_TRIES: usize = 500;

    /// Số cây ngẫu nhiên thử tối đa để có một cây luyện tập đúng hình dạng và có cắt
    /// tỉa như bài cần (các hình dạng của sách luôn tìm được sớm hơn nhiều).
    pub const PRACTICE_TREE_ATTEMPTS: usize = 2000;

    /// Số cây (tập, đồ thị) mà mỗi lần kiểm tra hàm tự viết của sinh viên thử
    /// (`practice::own`).
    pub const PRACTICE_OWN_TREES: usize = 300;

    /// Số đống tối đa của một bài Nim cố định (bài làm bằng tay).
    pub const PRACTICE_NIM_PILES: usize = 12 => "bài Nim cố định: số đống", "đống";

    /// Cạnh lớn nhất của bàn cờ trong bài "mọi ô thắng của quân Hậu".
    pub const PRACTICE_QUEEN_SIDE: u32 = 40 => "bài quân Hậu cố định: cạnh bàn cờ", "ô";

    /// Độ sâu lớn nhất của bài đếm nút Dodgem bằng tay.
    pub const PRACTICE_COUNT_DEPTH: u32 = 6 => "bài đếm nút Dodgem: độ sâu", "nước";
}

limits! {
    /// Các giới hạn của trình chạy mã (in trong `caytrochoi-sach --help`).
    RUNNER_TABLE;

    // --- Trình chạy mã của sách (`caytrochoi-sach`) --------------------------------

    /// Số byte tối đa của dòng yêu cầu và các tiêu đề HTTP.
    pub const RUNNER_HEAD_BYTES: usize = 16 * 1024 => "yêu cầu HTTP: dòng đầu và tiêu đề", "byte";

    /// Số byte tối đa của mã một khối gửi tới trình chạy.
    pub const RUNNER_CODE_BYTES: usize = 256 * 1024 => "mã của một khối", "byte";

    /// Số kết nối mở cùng lúc tối đa (khi đầy, kết nối mới đẩy ra kết nối chậm nhất
    /// còn chưa gửi xong yêu cầu).
    pub const RUNNER_CONNECTIONS: usize = 256 => "kết nối mở cùng lúc", "kết nối";

    /// Số kết nối mở cùng lúc tối đa của một địa chỉ IP (một trình duyệt dùng tối đa
    /// 6; nhiều máy sau cùng một bộ định tuyến NAT bị tính là một địa chỉ). Dòng lệnh:
    /// `--ket-noi-moi-may`.
    pub const RUNNER_CONNECTIONS_PER_ADDRESS: usize = 32
        => "kết nối cùng lúc của một địa chỉ", "kết nối", "--ket-noi-moi-may";

    /// Chế độ lớp học (`--lop`): số kết nối cùng lúc tối đa của một địa chỉ IP, mặc
    /// định. Cả lớp 60 máy sau một bộ định tuyến NAT chỉ có một địa chỉ; một trình
    /// duyệt mở tới 6 kết nối lúc tải trang rồi giữ 1–2 khi đọc (máy chủ đóng kết nối
    /// rảnh sau 10 giây): 60 × 4 = 240, vẫn dưới [`RUNNER_CONNECTIONS`] của cả máy chủ
    /// để máy của giáo viên luôn còn chỗ. Dòng lệnh: `--ket-noi-moi-may`.
    pub const RUNNER_CLASS_CONNECTIONS_PER_ADDRESS: usize = 240
        => "kết nối cùng lúc một địa chỉ, lớp học", "kết nối", "--ket-noi-moi-may";

    /// Thời gian tối đa (giây) để một yêu cầu HTTP tới trọn — phần đầu và thân —
    /// tính từ lúc máy chủ bắt đầu chờ nó (không phải cho từng lần đọc).
    pub const RUNNER_REQUEST_SECONDS: u64 = 10 => "một yêu cầu HTTP tới trọn trong", "giây";

    /// Thời gian tối đa (giây) để gửi trọn một câu trả lời (tệp của sách, trang,
    /// JSON): máy đọc chậm hơn thì kết nối bị đóng. Tệp lớn nhất của sách (vài MB)
    /// cần dưới một giây trên mạng của phòng học. Lần chạy mã gửi kết quả từng phần
    /// khi có, theo thời gian của lần chạy.
    pub const RUNNER_RESPONSE_SECONDS: u64 = 20;

    /// Thời gian chạy một khối, mặc định (giây). Dòng lệnh: `--time-limit`.
    pub const RUNNER_SECONDS: u64 = 10 => "thời gian chạy một khối", "giây", "--time-limit";

    /// Bộ nhớ một khối, mặc định (MiB). Dòng lệnh: `--memory-mib`.
    pub const RUNNER_MEMORY_MIB: u64 = 1024 => "bộ nhớ một khối", "MiB", "--memory-mib";

    /// Số byte đầu ra (chuẩn và lỗi) giữ lại của một khối; quá thì khối bị dừng.
    pub const RUNNER_OUTPUT_BYTES: usize = 1 << 20 => "đầu ra của một khối", "byte";

    /// Chế độ lớp học: số thẻ luyện tập một máy xin liền được. Thẻ bài tính ngay
    /// trong trình chạy (không biên dịch gì), nên giới hạn này riêng và rộng hơn
    /// nhiều so với số lần bấm Chạy.
    pub const RUNNER_CLASS_PRACTICE_BURST: u32 = 120;

    /// Chế độ lớp học: sau khi dùng hết, một máy được thêm một thẻ luyện tập sau
    /// mỗi khoảng này (mili giây).
    pub const RUNNER_CLASS_PRACTICE_REFILL_MS: u64 = 250;
    /// Thời gian biên dịch một khối (giây, cả thời gian thực lẫn CPU). Đo
    /// 2026-11-25 trên máy hai lõi rất bận (tải 17–21): 109 khối của sách biên dịch
    /// trong tối đa 1,95 giây thực và 0,5 giây CPU (trung vị 0,67 s). Một hằng số
    /// tính bằng vòng lặp không dừng (`const`) bị dừng ở đây với lời giải thích
    /// tiếng Việt. Trước đây 60 giây.
    pub const RUNNER_COMPILE_SECONDS: u64 = 20 => "biên dịch: thời gian thực và CPU", "giây";

    /// Bộ nhớ ảo của trình biên dịch cho một khối (MiB). Cùng lần đo: `rustc` dùng
    /// tối đa 177 MB bộ nhớ thật, và chạy được với 768 MiB bộ nhớ ảo (512 MiB thì
    /// không). Trước đây 4096.
    pub const RUNNER_COMPILE_MEMORY_MIB: u64 = 2048 => "biên dịch: bộ nhớ ảo", "MiB";

    /// Hạn mức đĩa của thư mục biên dịch (MiB): `rustc` ghi mọi tệp tạm và chương
    /// trình vào một `tmpfs` cỡ này trong hộp cát (cũng là cỡ tối đa của một tệp).
    /// Chương trình lớn nhất của sách: 5,8 MB.
    pub const RUNNER_BUILD_MIB: u64 = 128 => "biên dịch: đĩa (tmpfs riêng)", "MiB";

    /// Hạn mức của mỗi chỗ chương trình ghi được (thư mục làm việc, `/tmp`,
    /// `/dev/shm`, đều là `tmpfs` riêng của lần chạy), MiB; cũng là cỡ tối đa của
    /// một tệp.
    pub const RUNNER_SCRATCH_MIB: u64 = 64 => "chạy: mỗi chỗ ghi được (tmpfs)", "MiB";

    /// Tổng dung lượng các chương trình đã biên dịch mà trình chạy giữ lại (MiB): mã
    /// giống hệt thì khỏi biên dịch lại. Đầy thì chương trình cũ nhất bị xóa trước.
    /// Cùng với [`RUNNER_CACHE_ENTRIES`], và các thư mục của những lần biên dịch
    /// đang làm (mỗi lần tối đa [`RUNNER_BUILD_MIB`], không quá số lõi cùng lúc), đó
    /// là mọi thứ trình chạy giữ trên đĩa.
    pub const RUNNER_CACHE_MIB: u64 = 256 => "chương trình đã biên dịch giữ lại (tổng)", "MiB";

    /// Số chương trình đã biên dịch tối đa mà trình chạy giữ lại.
    pub const RUNNER_CACHE_ENTRIES: usize = 64;
}

// Lúc biên dịch: đủ cho 60 máy, mỗi máy 4 kết nối, và dưới giới hạn của cả máy chủ.
const _: () = assert!(
    60 * 4 <= RUNNER_CLASS_CONNECTIONS_PER_ADDRESS
        && RUNNER_CLASS_CONNECTIONS_PER_ADDRESS < RUNNER_CONNECTIONS
);

/// Các giới hạn nâng được của cây: đọc, tìm kiếm có vết, vẽ.
///
/// `Limits::default()` là các hằng số [`INPUT_BYTES`], [`TREE_NODES`],
/// [`TRACE_EVENTS`], [`DRAWN_NODES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Số byte tối đa đọc vào (tệp, đầu vào chuẩn, văn bản của cây).
    pub input_bytes: usize,
    /// Số nút tối đa của một cây đọc từ văn bản hay JSON.
    pub tree_nodes: usize,
    /// Số bước tối đa của một vết.
    pub trace_events: usize,
    /// Số nút tối đa vẽ trên một hình cây.
    pub drawn_nodes: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            input_bytes: INPUT_BYTES,
            tree_nodes: TREE_NODES,
            trace_events: TRACE_EVENTS,
            drawn_nodes: DRAWN_NODES,
        }
    }
}

/// Một dòng của bảng giới hạn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LimitInfo {
    /// Giới hạn cái gì (tiếng Việt).
    pub what: &'static str,
    /// Giá trị mặc định.
    pub value: u64,
    /// Đơn vị (tiếng Việt).
    pub unit: &'static str,
    /// Tùy chọn dòng lệnh để nâng, nếu nâng được.
    pub option: Option<&'static str>,
}

const fn info(
    what: &'static str,
    value: u64,
    unit: &'static str,
    option: Option<&'static str>,
) -> LimitInfo {
    LimitInfo {
        what,
        value,
        unit,
        option,
    }
}

/// Viết một số nguyên kiểu Việt Nam, nhóm ba chữ số bằng dấu chấm: `1.000.000`.
///
/// ```
/// use caytrochoi::limits::group;
/// assert_eq!(group(1_000_000), "1.000.000");
/// assert_eq!(group(150), "150");
/// ```
pub fn group(n: u64) -> String {
    group_u128(n.into())
}

/// Như [`group`], cho số nguyên rất lớn (số nút ước lượng của một cây, một số
/// thực đã làm tròn).
pub(crate) fn group_u128(n: u128) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push('.');
        }
        out.push(c);
    }
    out
}

/// Bảng giới hạn dạng văn bản (in trong `caytrochoi --help`).
pub fn help_table() -> String {
    table_text(TABLE)
}

/// Một bảng giới hạn dạng văn bản, mỗi giới hạn một dòng.
pub fn table_text(table: &[LimitInfo]) -> String {
    let mut s = String::new();
    for l in table {
        let value = match l.unit {
            "" => group(l.value),
            u => format!("{} {u}", group(l.value)),
        };
        let raise = l
            .option
            .map(|o| format!("  (nâng: {o} N)"))
            .unwrap_or_default();
        let what = format!("{}:", l.what);
        s.push_str(&format!("  {what:<40}{value}{raise}\n"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_raisable_limit_has_an_option_and_is_in_limits() {
        let d = Limits::default();
        let raisable: Vec<(u64, &str)> = TABLE
            .iter()
            .filter_map(|l| l.option.map(|o| (l.value, o)))
            .collect();
        assert_eq!(
            raisable,
            [
                (d.input_bytes as u64, "--max-input-bytes"),
                (d.tree_nodes as u64, "--max-tree-nodes"),
                (d.trace_events as u64, "--max-trace-events"),
                (d.drawn_nodes as u64, "--max-drawn-nodes"),
                (DODGEM_SOLVE_SIZE as u64, "--max-solve-size"),
            ]
        );
    }

    #[test]
    fn table_lines_are_readable() {
        let t = help_table();
        assert!(t.contains("1.000.000 nút"), "{t}");
        assert!(
            t.contains("33.554.432 byte  (nâng: --max-input-bytes N)"),
            "{t}"
        );
        assert_eq!(t.lines().count(), TABLE.len());
    }
}

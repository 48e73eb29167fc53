// Issue #21, output side: links and special files, the user's files, full disks, size limits, mount points.
#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <thread>
#include <utility>
#include <vector>
#include <unistd.h>

#include "experiments/output/gantt_svg.hpp"
#include "experiments/output/output_directory.hpp"
#include "experiments/output/output_file.hpp"
#include "test_support.hpp"

namespace mpnsim {
namespace {

using testing::CommandResult;
using testing::read_file;
using testing::run_mpnsim;
using testing::TempDir;

namespace fs = std::filesystem;

const char* kSmall = R"(name: small
kind: divisible
machine:
  topology: {kind: hypercube, dim: 2}
  link: {z: 0.5, S: 0.01}
strategy: {name: hypercube-nlf}
sweep:
  machine.topology.dim: "1:3"
outputs: {gantt: true, trace: true}
)";

// Runs a shell command line through bash (for >(...) and redirections of stdout alone),
// its standard error captured.
CommandResult run_bash(const std::string& line) {
  const std::string cmd = "bash -c '" + line + "' 2>&1";
  CommandResult r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return r;
  char buf[4096];
  while (std::fgets(buf, sizeof buf, pipe)) r.output += buf;
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return r;
}

std::string bin() { return MPNSIM_BINARY; }

// S1: a link named like the staging area led the run into the user's directory and emptied it.
TEST(OutputSafety, S1AStagingAreaLinkIsNeverFollowed) {
  TempDir dir("s1");
  const std::string file = dir.file("small.yaml", kSmall);
  const fs::path v = dir.path() / "v";
  fs::create_directories(v / "sub");
  std::ofstream(v / "keep") << "x\n";
  fs::create_directory_symlink(v, dir.path() / ".out.mpnsim-staging");
  for (const char* resume : {"", " --resume"}) {
    const auto r = run_mpnsim("run " + file + " -q -o " + (dir.path() / "out").string() + resume);
    EXPECT_EQ(r.exit_code, 2) << resume << r.output;
    EXPECT_NE(r.output.find("symbolic link"), std::string::npos) << r.output;
    EXPECT_EQ(read_file(v / "keep"), "x\n") << resume;
    EXPECT_TRUE(fs::is_directory(v / "sub")) << resume;
    EXPECT_TRUE(fs::is_symlink(dir.path() / ".out.mpnsim-staging"));
  }
  // The class itself refuses too, whoever calls it.
  EXPECT_THROW(OutputDirectory(dir.path() / "out", OutputDirectory::Start::fresh), std::runtime_error);
  EXPECT_TRUE(fs::exists(v / "keep"));
  // A directory of that name that is not a staging area is not emptied either.
  fs::remove(dir.path() / ".out.mpnsim-staging");
  fs::create_directories(dir.path() / ".out.mpnsim-staging");
  std::ofstream(dir.path() / ".out.mpnsim-staging" / "mine.txt") << "y\n";
  EXPECT_EQ(run_mpnsim("run " + file + " -q -o " + (dir.path() / "out").string()).exit_code, 2);
  EXPECT_TRUE(fs::exists(dir.path() / ".out.mpnsim-staging" / "mine.txt"));
}

// U1: a rerun into an earlier run's directory deleted the files the user had put there.
TEST(OutputSafety, U1ARerunRefusesADirectoryHoldingTheUsersFiles) {
  TempDir dir("u1");
  const std::string file = dir.file("small.yaml", kSmall);
  const fs::path out = dir.path() / "ou";
  ASSERT_EQ(run_mpnsim("run " + file + " -q -o " + out.string()).exit_code, 0);
  // A rerun replaces what the earlier run wrote (the list of it is in .mpnsim-output).
  ASSERT_NE(read_file(out / ".mpnsim-output").find("gantt/point0_rep0_hypercube-nlf_hypercube-dim1.svg"), std::string::npos);
  ASSERT_EQ(run_mpnsim("run " + file + " -q -o " + out.string()).exit_code, 0);
  fs::copy_file(file, out / "my.yaml");
  std::ofstream(out / "notes.txt") << "n\n";
  fs::create_directories(out / "gantt" / "mine");
  const auto r = run_mpnsim("run " + (out / "my.yaml").string() + " -o " + out.string());
  EXPECT_EQ(r.exit_code, 2) << r.output;
  for (const char* name : {"my.yaml", "notes.txt", "gantt/mine/"})
    EXPECT_NE(r.output.find(name), std::string::npos) << name << " not named: " << r.output;
  EXPECT_EQ(read_file(out / "notes.txt"), "n\n");
  EXPECT_TRUE(fs::exists(out / "my.yaml"));
  EXPECT_TRUE(fs::is_regular_file(out / "summary.json")) << "the earlier results stay too";
}

// D5: special files were replaced by regular files, and `--gantt >(cat)` failed.
TEST(OutputSafety, D5PipesAndDevicesAreWrittenInPlaceAndLinksRefused) {
  TempDir dir("d5");
  const std::string dlt = bin() + " dlt --strategy hypercube-nlf --topology hypercube --dim 2";
  const fs::path got = dir.path() / "got.svg";
  auto r = run_bash(dlt + " --gantt >(cat > " + got.string() + "); wait");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  for (int i = 0; i < 100 && read_file(got).find("</svg>") == std::string::npos; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));  // the reader may finish after us
  EXPECT_NE(read_file(got).find("</svg>"), std::string::npos) << r.output;

  const fs::path fifo = dir.path() / "f";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const fs::path through = dir.path() / "through.json";
  r = run_bash("timeout 60 cat " + fifo.string() + " > " + through.string() + " & " + dlt + " --trace " +
               fifo.string() + "; wait");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(read_file(through).find("traceEvents"), std::string::npos) << r.output;
  struct stat st {};
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO was replaced";

  const fs::path dev = dir.path() / "dev";
  if (::mknod(dev.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0) {  // a /dev/null of our own (as root)
    EXPECT_EQ(run_mpnsim("topo let --depth 2 --format json -o " + dev.string()).exit_code, 0);
    ASSERT_EQ(::lstat(dev.c_str(), &st), 0);
    EXPECT_TRUE(S_ISCHR(st.st_mode)) << "the device was replaced";
  }

  // A link to a regular file is refused, and the file left as it was.
  std::ofstream(dir.path() / "t") << "theirs\n";
  fs::create_symlink(dir.path() / "t", dir.path() / "l");
  r = run_mpnsim("dlt --strategy hypercube-nlf --topology hypercube --dim 2 --trace " + (dir.path() / "l").string());
  EXPECT_NE(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("symbolic link"), std::string::npos) << r.output;
  EXPECT_TRUE(fs::is_symlink(dir.path() / "l"));
  EXPECT_EQ(read_file(dir.path() / "t"), "theirs\n");
  // A regular file is replaced whole, and nothing is left beside it.
  write_output_file(dir.path() / "t", std::string_view("new\n"));
  EXPECT_EQ(read_file(dir.path() / "t"), "new\n");
  for (const auto& e : fs::directory_iterator(dir.path()))
    EXPECT_EQ(e.path().filename().string().find("mpnsim-tmp"), std::string::npos) << e.path();
}

// D6: a full disk under standard output went unnoticed (exit 0, a truncated output).
TEST(OutputSafety, D6EveryCommandFailsWhenStandardOutputCannotBeWritten) {
  TempDir dir("d6");
  const std::string file = dir.file("small.yaml", kSmall);
  for (const std::string& args : std::vector<std::string>
       {"list", "topo let --depth 2", "topo hypercube --dim 6 --format json",
        "dag --generate --tasks 20 --topology hypercube --dim 2 --scheduler heft --format json",
        "dlt --strategy hypercube-nlf --topology hypercube --dim 2 --format json",
        "tree --topology let --depth 1 --scheduler mds --workload complete --arity 2 --depth 3 --format json",
        "validate " + file, "--help", "topo --help"}) {
    const auto r = run_bash(bin() + " " + args + " > /dev/full");
    EXPECT_NE(r.exit_code, 0) << args << ": " << r.output;
    EXPECT_NE(r.output.find("No space left on device"), std::string::npos) << args << ": " << r.output;
  }
  EXPECT_EQ(run_bash(bin() + " list > /dev/null").exit_code, 0);
}

// D3: a run past the file size limit was killed by SIGXFSZ, silently, its staging area left.
TEST(OutputSafety, D3TheFileSizeLimitIsAnErrorWithAReason) {
  TempDir dir("d3");
  const std::string file = dir.file("small.yaml", kSmall);
  const fs::path out = dir.path() / "fz";
  auto r = run_bash("ulimit -f 4; " + bin() + " run " + file + " -q -o " + out.string());
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("File too large"), std::string::npos) << r.output;
  EXPECT_FALSE(fs::exists(staging_area(out)));
  EXPECT_FALSE(fs::exists(out));
  r = run_bash("ulimit -f 4; " + bin() + " topo hypercube --dim 8 --format json -o " + (dir.path() / "t.json").string());
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("File too large"), std::string::npos) << r.output;
  EXPECT_EQ(std::distance(fs::directory_iterator(dir.path()), fs::directory_iterator()), 1) << "more than small.yaml";
}

// True when one of the process's open files lies in `dir` (the file `topo -o` writes, unnamed
// until it is whole, shows there as "dir/#inode (deleted)").
bool writes_into(pid_t pid, const fs::path& dir) {
  std::error_code ec;
  const std::string prefix = fs::canonical(dir).string() + "/";
  for (const auto& fd : fs::directory_iterator(fs::path("/proc") / std::to_string(pid) / "fd", ec)) {
    const fs::path target = fs::read_symlink(fd.path(), ec);
    if (!ec && target.string().rfind(prefix, 0) == 0) return true;
  }
  return false;
}

// K8: SIGTERM while `topo -o FILE` wrote left FILE.partial. The signal goes while the file is
// being written, whatever the machine's speed: the test waits until the process holds a file
// open in the output's folder, stops it there (SIGSTOP), checks that it still does, and only
// then sends SIGTERM and lets it go on. A run that finished first fails the test rather than
// passing without testing anything.
TEST(OutputSafety, K8SigtermWhileTopoWritesLeavesNoPartialFile) {
  TempDir dir("k8");
  const fs::path target = dir.path() / "big.json";
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    const std::string o = target.string();
    ::execl(MPNSIM_BINARY, "mpnsim", "topo", "debruijn", "--order", "18", "--format", "json", "-o", o.c_str(),
            "--force", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  int status = 0;
  bool caught = false, ended = false;
  while (!caught && !ended) {
    if (writes_into(pid, dir.path())) {
      ::kill(pid, SIGSTOP);
      ::waitpid(pid, &status, WUNTRACED);
      caught = WIFSTOPPED(status) && writes_into(pid, dir.path());
      if (!caught) ::kill(pid, SIGCONT);  // stopped just after the file was closed: try again
      ended = WIFEXITED(status) || WIFSIGNALED(status);
    } else {
      ended = ::waitpid(pid, &status, WNOHANG) == pid;
      if (!ended) std::this_thread::sleep_for(std::chrono::microseconds(200));  // a poll, not a deadline
    }
  }
  if (caught) {
    ::kill(pid, SIGTERM);
    ::kill(pid, SIGCONT);
    ::waitpid(pid, &status, 0);
  }
  ASSERT_TRUE(caught) << "the run ended (status " << status << ") before it was seen writing";
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM) << "status " << status;
  for (const auto& e : fs::directory_iterator(dir.path())) ADD_FAILURE() << "left in the output's folder: " << e.path();
}

// M1: a mount point as -o did all the work, then failed to rename (EBUSY).
TEST(OutputSafety, M1AMountPointIsRefusedBeforeTheWork) {
  EXPECT_TRUE(is_mount_point("/proc"));
  TempDir dir("m1");
  EXPECT_FALSE(is_mount_point(dir.path()));
  EXPECT_NE(replace_problem("/proc").find("mount point"), std::string::npos) << replace_problem("/proc");
  const std::string file = dir.file("small.yaml", kSmall);
  const auto r = run_mpnsim("run " + file + " -o /proc");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("mount point"), std::string::npos) << r.output;
  EXPECT_EQ(r.output.find("results in"), std::string::npos) << r.output;
}

// Library texts ("filesystem error: cannot create directories: ...") are said in mpnsim's words.
TEST(OutputSafety, FailuresToCreateDirectoriesSayWhatWasBeingDone) {
  TempDir dir("libtext");
  const std::string file = dir.file("small.yaml", kSmall);
  // run makes its output folder and says why it cannot; topo -o makes none (as dag and dlt) and
  // says the folder is missing.
  for (const auto& [args, said] : std::vector<std::pair<std::string, std::string>>{
           {"run " + file + " -q -o /proc/mpnsim-no/out", "cannot create the directory /proc/mpnsim-no"},
           {"topo let --depth 2 --format json -o /proc/mpnsim-no/t.json", "the folder /proc/mpnsim-no does not exist"}}) {
    const auto r = run_mpnsim(args);
    EXPECT_NE(r.exit_code, 0) << args;
    EXPECT_EQ(r.output.find("filesystem error"), std::string::npos) << args << ": " << r.output;
    EXPECT_NE(r.output.find(said), std::string::npos) << args << ": " << r.output;
  }
  // dlt, tree and dag make no folder for their files: refused before the work (issue #40).
  const auto r = run_mpnsim("dlt --strategy hypercube-nlf --topology hypercube --dim 2 --gantt /proc/mpnsim-no/g.svg");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("the folder /proc/mpnsim-no does not exist"), std::string::npos) << r.output;
}

// Texts from input files (task names, tags) reach the Gantt SVG: XML allows no control character.
TEST(OutputSafety, GanttTextShowsControlCharactersAsEscapes) {
  EXPECT_EQ(escape_xml("a\nb\x01<c>\"&\x7f"), "a\\x0ab\\x01&lt;c&gt;&quot;&amp;\\x7f");
}

}  // namespace
}  // namespace mpnsim

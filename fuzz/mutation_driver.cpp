// The portable fuzz driver: mutates a seed corpus deterministically and runs each input in-process, guarded.
//
// Linked with one target file (fuzz/targets/NAME.cpp) into fuzz_NAME. Usage:
//   fuzz_NAME [--seed N] [--runs N] [--seconds S] [--corpus DIR]... [--max-len BYTES]
//             [--timeout-ms MS] [--rss-limit-mb MB] [--artifacts DIR] [-v] [FILE...]
// With FILEs it runs each once and says what became of it (to replay a finding). Without, it
// fuzzes until --runs executions or --seconds have passed, whichever comes first. Exit 0: no
// finding; 1: findings (saved under --artifacts); 2: bad usage; 3: a crash, time-out or memory
// overrun, which stops the run at once (the input is saved first).
#include <sys/resource.h>
#include <sys/stat.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <typeinfo>
#include <vector>

#include <fcntl.h>
#include <unistd.h>

#include "fuzz/fuzz_support.hpp"
#include "fuzz/fuzz_target.hpp"
#include "fuzz/mutator.hpp"

#if defined(__SANITIZE_ADDRESS__)
#define MPNSIM_FUZZ_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MPNSIM_FUZZ_ASAN 1
#endif
#endif
#if defined(MPNSIM_FUZZ_ASAN)
#include <sanitizer/common_interface_defs.h>
#endif

namespace {

using Clock = std::chrono::steady_clock;
namespace fs = std::filesystem;

struct Options {
  std::uint64_t seed = 1;
  std::uint64_t runs = 0;  // 0: no limit
  double seconds = 0;      // 0: no limit
  std::vector<std::string> corpus;
  std::size_t max_len = 1 << 16;
  long timeout_ms = 3000;
  long rss_limit_mb = 2048;
  std::string artifacts = "fuzz-findings";
  bool verbose = false;
  std::vector<std::string> replay;
};

// The input being run, for the watchdog and the crash handler (which can only read globals).
struct Current {
  std::atomic<const char*> data{nullptr};
  std::atomic<std::size_t> size{0};
  std::atomic<std::int64_t> started_ns{0};  // 0: idle
};
Current g_current;
char g_crash_dir[4096];   // where the crash handler saves the input, filled in at start-up
char g_crash_path[4096];

[[noreturn]] void usage(const std::string& problem) {
  std::cerr << "fuzz_" << MPNSIM_FUZZ_TARGET << ": " << problem
            << "\nusage: fuzz_" << MPNSIM_FUZZ_TARGET
            << " [--seed N] [--runs N] [--seconds S] [--corpus DIR]... [--max-len BYTES] [--timeout-ms MS]"
               " [--rss-limit-mb MB] [--artifacts DIR] [-v] [FILE...]\n";
  std::exit(2);
}

Options parse(int argc, char** argv) {
  Options o;
  auto number = [&](int& i, const char* flag) -> double {
    if (i + 1 >= argc) usage(std::string(flag) + " needs a value");
    char* end = nullptr;
    const double v = std::strtod(argv[++i], &end);
    if (*end != '\0' || !(v >= 0) || v > 1e18) usage(std::string(flag) + ": expected a number >= 0");
    return v;
  };
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--seed") o.seed = static_cast<std::uint64_t>(number(i, "--seed"));
    else if (a == "--runs") o.runs = static_cast<std::uint64_t>(number(i, "--runs"));
    else if (a == "--seconds") o.seconds = number(i, "--seconds");
    else if (a == "--max-len") o.max_len = std::max<std::size_t>(1, static_cast<std::size_t>(number(i, "--max-len")));
    else if (a == "--timeout-ms") o.timeout_ms = static_cast<long>(number(i, "--timeout-ms"));
    else if (a == "--rss-limit-mb") o.rss_limit_mb = static_cast<long>(number(i, "--rss-limit-mb"));
    else if (a == "--corpus" || a == "--artifacts") {
      if (i + 1 >= argc) usage(a + " needs a directory");
      (a == "--corpus" ? o.corpus.emplace_back() : o.artifacts) = argv[++i];
    } else if (a == "-v" || a == "--verbose") o.verbose = true;
    else if (a.starts_with("-")) usage("unknown flag " + a);
    else o.replay.push_back(a);
  }
  if (o.corpus.empty()) o.corpus.push_back(MPNSIM_FUZZ_CORPUS_DIR);
  return o;
}

std::string read_file(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ull;
  return h;
}

fs::path save(const Options& o, const std::string& kind, std::string_view input) {
  fs::create_directories(o.artifacts);
  char name[64];
  std::snprintf(name, sizeof name, "%s-%016llx.input", kind.c_str(), static_cast<unsigned long long>(fnv1a(input)));
  const fs::path p = fs::path(o.artifacts) / name;
  std::ofstream(p, std::ios::binary).write(input.data(), static_cast<std::streamsize>(input.size()));
  return p;
}

long rss_mb() {
  std::ifstream statm("/proc/self/statm");
  long pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * sysconf(_SC_PAGESIZE) / (1 << 20);
}

// Saves the running input from a signal handler: only async-signal-safe calls.
void save_current_raw() {
  const char* data = g_current.data.load();
  if (!data || g_crash_path[0] == '\0') return;
  mkdir(g_crash_dir, 0755);
  const int fd = open(g_crash_path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
  if (fd < 0) return;
  std::size_t left = g_current.size.load();
  while (left > 0) {
    const ssize_t n = write(fd, data, left);
    if (n <= 0) break;
    data += n;
    left -= static_cast<std::size_t>(n);
  }
  close(fd);
}

void write_err(const char* s) { (void)!write(2, s, std::strlen(s)); }

void on_crash(int sig) {
  save_current_raw();
  write_err("\nfuzz: crash (signal) while running an input; saved as ");
  write_err(g_crash_path);
  write_err("\n");
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

void install_crash_handlers(const Options& o) {
  const std::string p = (fs::path(o.artifacts) / "crash.input").string();
  std::snprintf(g_crash_dir, sizeof g_crash_dir, "%s", o.artifacts.c_str());
  std::snprintf(g_crash_path, sizeof g_crash_path, "%s", p.c_str());
#if defined(MPNSIM_FUZZ_ASAN)
  // The sanitizer reports the fault and exits; it calls back first so the input is kept.
  __sanitizer_set_death_callback(save_current_raw);
#else
  // An alternate stack: a stack overflow must still be able to run the handler.
  static std::vector<char> alt(1 << 16);
  stack_t ss{};
  ss.ss_sp = alt.data();
  ss.ss_size = alt.size();
  sigaltstack(&ss, nullptr);
  struct sigaction sa {};
  sa.sa_handler = on_crash;
  sa.sa_flags = SA_ONSTACK;
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) sigaction(sig, &sa, nullptr);
  // Memory: allocations past the limit (plus room for the program) fail with bad_alloc,
  // which the run reports as a finding; the watchdog's resident-size check is the backstop.
  const rlim_t bytes = static_cast<rlim_t>(o.rss_limit_mb + 1024) << 20;
  rlimit rl{bytes, bytes};
  setrlimit(RLIMIT_AS, &rl);
#endif
}

// Stops the process when one input runs too long or the process grows past the limit.
void start_watchdog(const Options& options) {
  std::thread([o = options] {  // a copy: the thread outlives main's locals
    for (int tick = 0;; ++tick) {
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
      const std::int64_t started = g_current.started_ns.load();
      if (started == 0) continue;
      const auto now = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
      const bool slow = now - started > static_cast<std::int64_t>(o.timeout_ms) * 1'000'000;
      const bool big = tick % 10 == 0 && rss_mb() > o.rss_limit_mb;
      if (!slow && !big) continue;
      const std::string kind = slow ? "timeout" : "memory";
      const fs::path p = save(o, kind, std::string_view(g_current.data.load(), g_current.size.load()));
      std::cerr << "\nfuzz: " << (slow ? "an input ran longer than " + std::to_string(o.timeout_ms) + " ms"
                                      : "resident memory passed " + std::to_string(o.rss_limit_mb) + " MB")
                << "; saved as " << p.string() << "\n";
      std::_Exit(3);
    }
  }).detach();
}

enum class Outcome { accepted, refused, finding };

struct Result {
  Outcome outcome;
  std::string kind, message;
};

Result run_one(const std::string& input) {
  const std::uint64_t accepted_before = mpnsim::fuzz::accepted_count();
  g_current.data = input.data();
  g_current.size = input.size();
  g_current.started_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(Clock::now().time_since_epoch()).count();
  Result r{Outcome::refused, {}, {}};
  try {
    LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
    if (mpnsim::fuzz::accepted_count() != accepted_before) r.outcome = Outcome::accepted;
  } catch (const mpnsim::fuzz::FuzzPropertyFailure& e) {
    r = {Outcome::finding, "property", e.what()};
  } catch (const std::bad_alloc& e) {
    r = {Outcome::finding, "memory", std::string("std::bad_alloc: ") + e.what()};
  } catch (const std::exception& e) {
    r = {Outcome::finding, "exception", std::string(typeid(e).name()) + ": " + e.what()};
  } catch (...) {
    r = {Outcome::finding, "exception", "an exception of unknown type"};
  }
  g_current.started_ns = 0;
  return r;
}

// A message as the terminal shows it: at most 300 characters, control bytes escaped.
std::string shown(const std::string& m) {
  std::string out;
  for (unsigned char c : m.substr(0, 300)) {
    if (c >= 0x20 && c < 0x7f) out += static_cast<char>(c);
    else {
      char hex[8];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    }
  }
  return m.size() > 300 ? out + "..." : out;
}

// Findings of one kind and message are one finding; numbers in messages vary, so they are dropped.
std::string finding_key(const Result& r) {
  std::string key = r.kind + ":";
  for (char c : r.message.substr(0, 160))
    if (!std::isdigit(static_cast<unsigned char>(c))) key += c;
  return key;
}

}  // namespace

int main(int argc, char** argv) {
  const Options o = parse(argc, argv);
  install_crash_handlers(o);
  start_watchdog(o);
  std::vector<std::string> pool;
  for (const auto& dir : o.corpus) {
    std::error_code ec;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir, ec))
      if (e.is_regular_file()) files.push_back(e.path());
    if (ec) usage("cannot read the corpus directory " + dir + ": " + ec.message());
    std::sort(files.begin(), files.end());  // the order the rng sees must not depend on the file system
    for (const auto& f : files) pool.push_back(read_file(f));
  }

  if (!o.replay.empty()) {
    int worst = 0;
    for (const auto& f : o.replay) {
      const Result r = run_one(read_file(f));
      const char* what = r.outcome == Outcome::accepted ? "accepted" : r.outcome == Outcome::refused ? "refused" : "FINDING";
      std::cout << f << ": " << what << (r.message.empty() ? "" : " (" + r.kind + ") " + shown(r.message)) << "\n";
      if (r.outcome == Outcome::finding) worst = 1;
    }
    return worst;
  }
  if (pool.empty()) usage("the corpus is empty");

  std::mt19937_64 rng(o.seed);
  const mpnsim::fuzz::Mutator mutator(o.max_len);
  const std::size_t kPoolLimit = 4096;
  const std::size_t seeds = pool.size();
  std::size_t largest_seed = 0;
  for (const auto& p : pool) largest_seed = std::max(largest_seed, p.size());
  std::uint64_t executions = 0, accepted = 0, refused = 0, slow = 0;
  double slowest_ms = 0;
  std::string slowest_input;  // kept to be looked at: a slow input hints at work superlinear in its size
  std::map<std::string, std::pair<std::uint64_t, fs::path>> findings;  // key -> (count, first input)
  const auto start = Clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  double next_report = 10;
  while ((o.runs == 0 || executions < o.runs) && (o.seconds == 0 || elapsed() < o.seconds)) {
    // The seeds once as they are, then mutations of the pool.
    // Half the bases are seeds: without coverage feedback the pool drifts towards inputs whose
    // mutations land where they change nothing (an STG file's trailing comments).
    const std::size_t base = rng() % 2 == 0 ? rng() % seeds : rng() % pool.size();
    const std::string input = executions < seeds ? pool[executions] : mutator.mutate(pool[base], pool, rng);
    const auto t0 = Clock::now();
    const Result r = run_one(input);
    const double ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    if (ms > slowest_ms) {
      slowest_ms = ms;
      slowest_input = input;
    }
    slow += ms > 250;
    ++executions;
    if (r.outcome == Outcome::finding) {
      auto [it, fresh] = findings.try_emplace(finding_key(r), 0, fs::path());
      if (fresh) {
        it->second.second = save(o, r.kind, input);
        std::cerr << "fuzz: finding (" << r.kind << ") " << shown(r.message) << "\n      saved as "
                  << it->second.second.string() << "\n";
      }
      ++it->second.first;
      continue;
    }
    (r.outcome == Outcome::accepted ? accepted : refused) += 1;
    // Accepted inputs go deeper into the reader: keep them as bases, and a few refused ones.
    if (executions > seeds && input.size() <= largest_seed * 4 + 4096 &&
        (r.outcome == Outcome::accepted || rng() % 64 == 0)) {
      if (pool.size() < kPoolLimit) pool.push_back(input);
      else pool[seeds + rng() % (kPoolLimit - seeds)] = input;
    }
    if (o.verbose && elapsed() >= next_report) {
      std::cerr << "fuzz: " << executions << " executions, " << findings.size() << " findings, " << elapsed()
                << " s\n";
      next_report += 10;
    }
  }
  const double secs = elapsed();
  if (slowest_ms > 250)
    std::cerr << "fuzz: the slowest input (" << slowest_ms << " ms, " << slowest_input.size() << " bytes) is saved as "
              << save(o, "slow", slowest_input).string() << "\n";
  std::uint64_t finding_runs = 0;
  for (const auto& [k, v] : findings) finding_runs += v.first;
  std::printf("fuzz %s: %llu executions in %.1f s (%.0f/s), seed %llu; accepted %llu, refused %llu; slowest %.1f ms, "
              "%llu over 250 ms; findings %zu (%llu executions)\n",
              MPNSIM_FUZZ_TARGET, static_cast<unsigned long long>(executions), secs, executions / std::max(secs, 1e-9),
              static_cast<unsigned long long>(o.seed), static_cast<unsigned long long>(accepted),
              static_cast<unsigned long long>(refused), slowest_ms, static_cast<unsigned long long>(slow),
              findings.size(), static_cast<unsigned long long>(finding_runs));
  return findings.empty() ? 0 : 1;
}

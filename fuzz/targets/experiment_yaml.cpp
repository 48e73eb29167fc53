// Fuzz target: experiment files, through `mpnsim validate`'s path; small accepted ones are then run.
#include "fuzz/fuzz_target.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <optional>


#include "experiments/cli/commands.hpp"
#include "experiments/config/input_error.hpp"
#include "experiments/kinds/experiment_kind.hpp"
#include "experiments/run/runner.hpp"

namespace {

// Runs of an accepted file that are actually computed: enough to reach every kind's run code,
// few enough that one input stays well inside the driver's time-out.
constexpr std::size_t kMaxRuns = 4;

// validate prints its "ok" line on standard output; a campaign of 10^6 inputs would drown the
// driver's own report in them, so standard output goes to /dev/null around the call.
class QuietStdout {
 public:
  QuietStdout() : saved_(dup(STDOUT_FILENO)) {
    std::fflush(stdout);
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    close(null);
  }
  ~QuietStdout() {
    std::fflush(stdout);
    dup2(saved_, STDOUT_FILENO);
    close(saved_);
  }
  QuietStdout(const QuietStdout&) = delete;
  QuietStdout& operator=(const QuietStdout&) = delete;

 private:
  int saved_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mpnsim;
  const std::string path = fuzz::write_input_file("e.yaml", data, size);
  int code = 0;
  {
    QuietStdout quiet;
    code = validate_command(path, {});  // exceptions other than bad input escape: findings
  }
  if (code == kExitBadInput) return 0;
  fuzz::require(code == kExitOk, "validate exits " + std::to_string(code) + " (only 0 or 2 are allowed)");
  fuzz::note_accepted();
  // What validate accepted must run: bad input is never found only by the work.
  const ExperimentFile file = load_experiment_file(path, {}, experiment_kind_keys);
  std::size_t runs = 0;
  for (const auto& e : file.experiments) runs += e.points.size() * static_cast<std::size_t>(e.repetitions);
  if (runs > kMaxRuns) return 0;
  const std::vector<PreparedExperiment> prepared = prepare_experiments(file);
  RunOptions options;
  options.jobs = 1;
  options.progress = false;
  try {
    (void)run_slice(prepared, options, 0, 1);
  } catch (const InputError& e) {
    throw fuzz::FuzzPropertyFailure(std::string("validate accepted the file, its run refused it: ") + e.what());
  }
  return 0;
}

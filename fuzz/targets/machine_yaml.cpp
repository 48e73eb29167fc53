// Fuzz target: machine files (`--machine FILE`), through the `dlt` command with the generic strategy, which runs on any machine.
#include "fuzz/fuzz_target.hpp"

#include <sstream>

#include <nlohmann/json.hpp>

#include "experiments/cli/commands.hpp"
#include "experiments/kinds/divisible/dlt_command.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mpnsim;
  const std::string path = fuzz::write_input_file("m.yaml", data, size);
  DltCommandOptions o;
  o.strategy = "generic";
  o.machine_file = path;
  o.format = "json";
  std::ostringstream out;
  const int code = dlt_command(o, out);  // exceptions other than bad input escape: findings
  if (code == kExitBadInput) return 0;
  fuzz::require(code == kExitOk, "dlt exits " + std::to_string(code) + " (only 0 or 2 are allowed)");
  fuzz::note_accepted();
  // On any machine it accepts, the strategy's analytic finish time is the simulated one.
  const nlohmann::json j = nlohmann::json::parse(out.str());
  const double diff = j.at("max_rel_diff").get<double>();
  fuzz::require(diff <= 1e-9, "analytic and simulated finish times differ by " + std::to_string(diff));
  return 0;
}

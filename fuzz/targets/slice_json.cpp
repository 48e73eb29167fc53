// Fuzz target: slice files of `mpnsim merge` (JSON from other machines), read against a fixed experiment and merged.
#include "fuzz/fuzz_target.hpp"


#include <filesystem>
#include <fstream>

#include <spdlog/spdlog.h>

#include "experiments/config/input_error.hpp"
#include "experiments/kinds/experiment_kind.hpp"
#include "experiments/run/runner.hpp"

namespace {

namespace fs = std::filesystem;

// Two points with a Gantt chart each, so that slices carry artifacts (names and contents).
// fuzz/corpus/slice_json/ holds its slice 0 of 2; slice 1 of 2 is computed here.
const char* const kExperiment = R"(name: sl
kind: divisible
machine:
  topology: {kind: hypercube, dim: 2}
strategy: {name: hypercube-allport}
sweep:
  machine.topology.dim: "1:2"
outputs: {gantt: true}
)";

struct Setting {
  fs::path root;  // everything a merge writes must stay in root/a/b/out
  fs::path out;
  mpnsim::ExperimentFile file;
  std::vector<mpnsim::PreparedExperiment> prepared;
  mpnsim::FileRecords other;  // slice 1 of 2
};

Setting& setting() {
  static Setting s = [] {
    spdlog::set_level(spdlog::level::off);
    Setting t;
    t.root = mpnsim::fuzz::scratch_directory("mpnsim-fuzz-slice");
    fs::create_directories(t.root / "a" / "b");
    t.out = t.root / "a" / "b" / "out";
    const fs::path exp = t.root / "sl.yaml";
    std::ofstream(exp) << kExperiment;
    t.file = mpnsim::load_experiment_file(exp.string(), {}, mpnsim::experiment_kind_keys);
    t.prepared = mpnsim::prepare_experiments(t.file);
    mpnsim::RunOptions o;
    o.jobs = 1;
    o.progress = false;
    t.other = mpnsim::run_slice(t.prepared, o, 1, 2);
    if (std::getenv("MPNSIM_FUZZ_WRITE_SEED"))  // how fuzz/corpus/slice_json/slice-0-of-2.json was made
      std::ofstream(std::getenv("MPNSIM_FUZZ_WRITE_SEED"))
          << mpnsim::records_to_json(t.file, t.prepared, mpnsim::run_slice(t.prepared, o, 0, 2), 0, 2);
    return t;
  }();
  return s;
}

// Every path under `dir`, relative to it.
std::vector<std::string> listing(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& e : fs::recursive_directory_iterator(dir)) names.push_back(fs::relative(e.path(), dir).string());
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace mpnsim;
  Setting& s = setting();
  FileRecords records;
  try {
    records = records_from_json(std::string(fuzz::as_text(data, size)), "fuzz-slice.json", s.file, s.prepared);
  } catch (const InputError&) {
    return 0;
  }
  fuzz::note_accepted();
  for (std::size_t x = 0; x < records.size(); ++x)
    records[x].insert(records[x].end(), s.other[x].begin(), s.other[x].end());
  RunOptions o;
  o.output_dir = s.out.string();
  try {
    (void)write_results(s.file, s.prepared, std::move(records), o);
  } catch (const InputError&) {
    // refused as merge refuses it (exit 2); nothing may have been written
  }
  // Whatever the slice says, the merge wrote inside the output directory and nowhere else.
  for (const std::string& name : listing(s.root)) {
    const bool allowed = name == "sl.yaml" || name == "a" || name == "a/b" || name == "a/b/out" ||
                         name.rfind("a/b/out/", 0) == 0;
    fuzz::require(allowed, "the merge wrote outside its output directory: " + name);
  }
  return 0;
}

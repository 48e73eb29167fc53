// Runs written through a staged output directory: journaled as they finish, resumable, committed whole.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <set>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "experiments/config/input_error.hpp"
#include "experiments/output/gnuplot_plot.hpp"
#include "experiments/output/output_directory.hpp"
#include "experiments/run/comparison_files.hpp"
#include "experiments/run/results_writer.hpp"
#include "experiments/run/run_journal.hpp"
#include "experiments/run/runner.hpp"

namespace mpnsim {

namespace {

std::string prefix_of(const ExperimentFile& file, const ExperimentSpec& spec) {
  return file.suite ? spec.name + "/" : "";
}

// Puts every experiment's runs in (point, repetition) order and checks that each is there once.
void sort_and_check(const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared,
                    FileRecords& records) {
  if (records.size() != prepared.size()) throw std::logic_error("records do not match the experiments");
  for (std::size_t x = 0; x < prepared.size(); ++x) {
    auto& rows = records[x];
    const auto& spec = *prepared[x].spec;
    std::sort(rows.begin(), rows.end(), [](const RunRecord& a, const RunRecord& b) {
      return std::pair{a.point, a.repetition} < std::pair{b.point, b.repetition};
    });
    const std::size_t reps = static_cast<std::size_t>(spec.repetitions);
    auto fail = [&](const std::string& problem) {
      throw InputError(file.file, YAML::Mark::null_mark(), "", fmt::format("{}: {}", spec.name, problem));
    };
    for (std::size_t t = 0; t < spec.points.size() * reps; ++t)
      if (t >= rows.size() || rows[t].point != t / reps || rows[t].repetition != static_cast<int>(t % reps))
        fail(fmt::format("run of point {}, repetition {} is {}", t / reps, t % reps,
                         t < rows.size() ? "missing or given twice" : "missing"));
    if (rows.size() != spec.points.size() * reps)
      fail(fmt::format("{} runs given, {} expected", rows.size(), spec.points.size() * reps));
  }
}

// Says in the log, in point order, what the runs ask the user to know before reading the
// results (a strategy that used fewer processors than the network has): the first few per
// experiment, then how many more.
void log_notices(const std::vector<PreparedExperiment>& prepared, const FileRecords& records) {
  constexpr std::size_t kShown = 5;
  for (std::size_t x = 0; x < prepared.size(); ++x) {
    const ExperimentSpec& spec = *prepared[x].spec;
    std::size_t count = 0;
    std::size_t last = SIZE_MAX;
    for (const auto& r : records[x]) {
      if (r.result.notice.empty() || r.point == last) continue;  // once per point, not per repetition
      last = r.point;
      if (++count > kShown) continue;
      const SweepPoint point = spec.points[r.point];
      spdlog::info("{}: point {} ({}): {}", spec.name, r.point,
                   point.assignments.empty() ? "not swept" : point.label(), r.result.notice);
    }
    if (count > kShown)
      spdlog::info("{}: and {} more point(s) with such a note", spec.name, count - kShown);
  }
}

// Writes every experiment's files and the suite's summary.json into the staged directory.
std::vector<std::string> write_all(const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared,
                                   FileRecords& records, OutputDirectory& out) {
  sort_and_check(file, prepared, records);
  log_notices(prepared, records);
  const bool plots = std::any_of(file.experiments.begin(), file.experiments.end(), [](const ExperimentSpec& e) {
    return !e.outputs.plots.empty() || !e.compare.empty();  // a comparison draws performance profiles
  });
  const bool draw = plots && gnuplot_available();
  WriteReport report;
  if (plots && !draw)
    report.problems.push_back("gnuplot is not installed (or not on PATH): plots not drawn; their scripts (.gp) are "
                              "written beside results.csv, run them with gnuplot once it is installed");
  for (std::size_t x = 0; x < prepared.size(); ++x) {
    const std::string prefix = prefix_of(file, *prepared[x].spec);
    write_experiment_results(prepared[x], records[x], out, prefix, draw, report);
    write_comparison(*prepared[x].spec, *prepared[x].kind, records[x], out, prefix, draw, report.written,
                     report.problems);
  }
  if (file.suite) {
    nlohmann::ordered_json j;
    j["name"] = file.name;
    j["description"] = file.description;
    j["mpnsim_version"] = MPNSIM_VERSION;
    j["experiments"] = nlohmann::ordered_json::array();
    for (const auto& pe : prepared)
      j["experiments"].push_back({{"name", pe.spec->name}, {"kind", pe.spec->kind},
                                  {"summary", pe.spec->name + "/summary.json"}});
    out.write("summary.json", j.dump(2) + "\n");
  }
  return report.problems;
}

std::size_t run_count(const std::vector<PreparedExperiment>& prepared) {
  std::size_t n = 0;
  for (const auto& pe : prepared) n += pe.spec->points.size() * static_cast<std::size_t>(pe.spec->repetitions);
  return n;
}

}  // namespace

std::string output_dir_of(const ExperimentFile& file, const RunOptions& options) {
  return options.output_dir.empty() ? "results/" + file.name : options.output_dir;
}

std::vector<std::string> write_results(const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared,
                                       FileRecords records, const RunOptions& options) {
  const std::string dir = output_dir_of(file, options);
  sort_and_check(file, prepared, records);
  OutputDirectory out(dir, OutputDirectory::Start::fresh);
  const std::vector<std::string> problems = write_all(file, prepared, records, out);
  out.commit();
  spdlog::info("results in {}/", dir);
  return problems;
}

std::vector<std::string> run_experiments(const ExperimentFile& file, const std::vector<PreparedExperiment>& prepared,
                                         const RunOptions& options) {
  const std::string dir = output_dir_of(file, options);
  OutputDirectory out(dir, options.resume ? OutputDirectory::Start::resume : OutputDirectory::Start::fresh);
  if (options.resume && !out.resumed())
    spdlog::warn("nothing to resume for {} (no staging area {}): starting afresh", dir, out.work_dir().string());
  std::unique_ptr<RunJournal> journal_ptr;
  try {
    journal_ptr = std::make_unique<RunJournal>(out.work_dir() / "journal.jsonl", file, prepared, out.resumed(),
                                               out.staging_dir());
  } catch (const InputError&) {
    out.keep();  // another input's runs: refused, and left for the input they belong to
    throw;
  }
  RunJournal& journal = *journal_ptr;
  FileRecords records = std::move(journal.finished());
  const std::size_t total = run_count(prepared);
  std::set<std::tuple<std::size_t, std::size_t, int>> done;
  for (std::size_t x = 0; x < records.size(); ++x)
    for (const auto& r : records[x]) done.insert({x, r.point, r.repetition});
  if (out.resumed()) spdlog::info("resuming {}: {} of {} run(s) were done, {} to go", dir, done.size(), total,
                                  total - done.size());

  std::mutex staging;
  RunHooks hooks;
  hooks.skip = [&](std::size_t x, std::size_t point, int repetition) {
    return done.count({x, point, repetition}) > 0;
  };
  hooks.finished = [&](std::size_t x, RunRecord& r) {
    // Artifacts go to the staged output at once; the record keeps their names only.
    const std::string prefix = prefix_of(file, *prepared[x].spec);
    for (auto& a : r.result.artifacts) {
      {
        std::lock_guard lock(staging);
        out.write(prefix + a.filename, a.content);
      }
      std::string().swap(a.content);
      a.staged = true;
    }
    journal.append(x, r);
    if (options.after_run) options.after_run();
  };
  auto interrupted = [&](std::size_t finished) {
    journal.flush();
    out.keep();
    return RunInterrupted(fmt::format(
        "interrupted: {} is as it was; the {} of {} run(s) finished so far are kept in {}: `mpnsim run {} -o {} "
        "--resume` continues with the others (the same --set, --seed and --repetitions), a run without --resume "
        "starts afresh",
        dir, finished, total, out.work_dir().string(), file.file, dir));
  };
  try {
    FileRecords fresh = run_slice(prepared, options, 0, 1, hooks);
    for (std::size_t x = 0; x < fresh.size(); ++x)
      for (auto& r : fresh[x]) records[x].push_back(std::move(r));
  } catch (const RunInterrupted&) {
    journal.flush();
    std::size_t finished = 0;
    {
      std::ifstream in(out.work_dir() / "journal.jsonl");
      for (std::string line; std::getline(in, line);) ++finished;
    }
    throw interrupted(finished > 0 ? finished - 1 : 0);
  }
  journal.flush();
  std::vector<std::string> problems = write_all(file, prepared, records, out);
  if (run_interrupted().load()) throw interrupted(total);  // stopped while the results were being written
  try {
    out.commit();
  } catch (const std::exception& e) {
    out.keep();
    throw std::runtime_error(fmt::format("{}: `mpnsim run {} -o {} --resume` puts them in place without running "
                                         "again",
                                         e.what(), file.file, dir));
  }
  spdlog::info("results in {}/", dir);
  return problems;
}

}  // namespace mpnsim

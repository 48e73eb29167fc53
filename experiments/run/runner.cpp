// The experiment runner: validation of all points, parallel execution, tidy outputs.
#include "experiments/run/runner.hpp"

#include <algorithm>
#include <chrono>
#include <exception>
#include <map>
#include <new>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <spdlog/spdlog.h>

#include "experiments/config/seeding.hpp"
#include "experiments/output/progress_bar.hpp"
#include "experiments/run/output_checks.hpp"
#include "sim/interruption.hpp"

namespace mpnsim {

std::atomic<bool>& run_interrupted() { return interruption_requested(); }

std::vector<PreparedExperiment> prepare_experiments(const ExperimentFile& file) {
  std::vector<PreparedExperiment> out;
  const YamlSource src(file.file);
  for (const auto& spec : file.experiments) {
    PreparedExperiment pe;
    pe.spec = &spec;
    pe.kind = find_experiment_kind(spec.kind);
    if (!pe.kind) {
      std::vector<std::string> names;
      for (const auto& k : experiment_kinds()) names.push_back(k->name());
      const std::string near = nearest_name(spec.kind, names);
      std::string all;
      for (const auto& n : names) all += (all.empty() ? "" : ", ") + n;
      src.fail(spec.root["kind"], "kind",
               fmt::format("unknown experiment kind{}; expected one of: {}",
                           near.empty() ? "" : " (did you mean '" + near + "'?)", all));
    }
    std::vector<std::string> allowed = common_experiment_keys();
    for (const auto& k : pe.kind->keys()) allowed.push_back(k);
    src.check_keys(spec.root, "", allowed);
    // Checked now without building anything large; each point is prepared when it runs.
    pe.checked = check_points(spec, *pe.kind, src, allowed);
    const std::size_t threads = std::max(1u, std::thread::hardware_concurrency());
    pe.points = PreparedPoints(spec, *pe.kind, allowed, 2 * threads + 2);
    check_experiment_outputs(pe, src, file.suite);
    out.push_back(std::move(pe));
  }
  return out;
}

namespace {

using Row = RunRecord;

std::vector<Row> run_points(const PreparedExperiment& pe, std::size_t experiment, int jobs, bool progress, int index,
                            int count, const RunHooks& hooks) {
  const auto& spec = *pe.spec;
  const std::size_t reps = static_cast<std::size_t>(spec.repetitions);
  const std::size_t all = spec.points.size() * reps;
  // This slice's runs: every count-th, from index on (round robin keeps slices balanced),
  // less those already done.
  std::vector<std::size_t> mine;
  for (std::size_t t = static_cast<std::size_t>(index); t < all; t += static_cast<std::size_t>(count))
    if (!hooks.skip || !hooks.skip(experiment, t / reps, static_cast<int>(t % reps))) mine.push_back(t);
  const std::size_t total = mine.size();
  std::vector<Row> rows(total);
  std::vector<std::exception_ptr> errors(total);
  std::atomic<std::size_t> next{0};
  ProgressBar bar(spec.name, total, progress && stderr_is_terminal());
  // A point whose input turns out wrong as it is prepared stops the run: nothing will be written.
  std::atomic<bool> bad_input{false};
  auto worker = [&] {
    for (;;) {
      if (run_interrupted().load() || bad_input.load()) return;
      const std::size_t i = next.fetch_add(1);
      if (i >= total) return;
      const std::size_t t = mine[i];
      Row& row = rows[i];
      row.point = t / reps;
      row.repetition = static_cast<int>(t % reps);
      row.seed = point_seed(spec.seed, spec.points[row.point].label(), row.repetition);
      try {
        row.result = pe.points[row.point]->run(row.seed, row.repetition, static_cast<int>(row.point));
        if (hooks.finished) hooks.finished(experiment, row);
      } catch (const InputError&) {
        errors[i] = std::current_exception();
        bad_input.store(true);
      } catch (...) {
        errors[i] = std::current_exception();
      }
      bar.advance();
    }
  };
  const std::size_t threads = std::max<std::size_t>(1, std::min<std::size_t>(static_cast<std::size_t>(jobs), total));
  std::vector<std::thread> pool;
  for (std::size_t i = 1; i < threads; ++i) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (run_interrupted().load()) throw RunInterrupted("interrupted: nothing was written");
  // Report the first failure in point order, whatever thread met it first.
  for (std::size_t i = 0; i < total; ++i)
    if (errors[i]) {
      const std::size_t t = mine[i];
      try {
        std::rethrow_exception(errors[i]);
      } catch (const InputError&) {
        throw;  // bad input found while preparing the point: already says which point
      } catch (const std::bad_alloc&) {
        throw std::runtime_error(fmt::format("{}: point {} ({}), repetition {}: out of memory while running it (the "
                                             "size checks estimate memory before the work, but not every byte)",
                                             spec.name, t / reps, spec.points[t / reps].label(), t % reps));
      } catch (const std::exception& e) {
        throw std::runtime_error(fmt::format("{}: point {} ({}), repetition {}: {}", spec.name,
                                             t / reps, spec.points[t / reps].label(), t % reps, e.what()));
      }
    }
  return rows;
}

int job_count(const RunOptions& options) {
  const int jobs = options.jobs > 0 ? options.jobs : static_cast<int>(std::thread::hardware_concurrency());
  return jobs > 0 ? jobs : 1;
}

}  // namespace

FileRecords run_slice(const std::vector<PreparedExperiment>& prepared, const RunOptions& options, int index,
                      int count, const RunHooks& hooks) {
  FileRecords records;
  const int jobs = job_count(options);
  for (std::size_t x = 0; x < prepared.size(); ++x) {
    const auto& pe = prepared[x];
    const auto start = std::chrono::steady_clock::now();
    spdlog::info("{}: {} point(s) x {} repetition(s), kind {}, {} job(s){}", pe.spec->name,
                 pe.spec->points.size(), pe.spec->repetitions, pe.spec->kind, jobs,
                 count > 1 ? fmt::format(", slice {} of {}", index, count) : std::string());
    records.push_back(run_points(pe, x, jobs, options.progress, index, count, hooks));
    const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    spdlog::info("{}: done in {:.3f} s", pe.spec->name, secs);
  }
  return records;
}

}  // namespace mpnsim

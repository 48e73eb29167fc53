// Lazy, shared preparation of sweep points with a small cache of the recent ones.
#include "experiments/run/prepared_points.hpp"

#include <future>
#include <list>
#include <mutex>
#include <optional>

#include "experiments/run/point_checks.hpp"

namespace mpnsim {

struct PreparedPoints::State {
  const ExperimentSpec* spec = nullptr;
  const ExperimentKind* kind = nullptr;
  std::vector<std::string> allowed;
  std::size_t keep = 1;
  std::mutex mutex;
  // Most recent first; a future so that a second thread waits for the first's preparation.
  std::list<std::pair<std::size_t, std::shared_future<std::shared_ptr<const PreparedPoint>>>> recent;
};

PreparedPoints::PreparedPoints(const ExperimentSpec& spec, const ExperimentKind& kind,
                               std::vector<std::string> allowed_keys, std::size_t keep)
    : state_(std::make_shared<State>()) {
  state_->spec = &spec;
  state_->kind = &kind;
  state_->allowed = std::move(allowed_keys);
  state_->keep = std::max<std::size_t>(1, keep);
}

std::size_t PreparedPoints::size() const { return state_ ? state_->spec->points.size() : 0; }

std::shared_ptr<const PreparedPoint> PreparedPoints::operator[](std::size_t i) const {
  State& s = *state_;
  std::optional<std::promise<std::shared_ptr<const PreparedPoint>>> mine;
  std::shared_future<std::shared_ptr<const PreparedPoint>> future;
  {
    std::lock_guard lock(s.mutex);
    for (auto it = s.recent.begin(); it != s.recent.end(); ++it)
      if (it->first == i) {
        s.recent.splice(s.recent.begin(), s.recent, it);
        future = s.recent.front().second;
        break;
      }
    if (!future.valid()) {
      mine.emplace();
      future = mine->get_future().share();
      s.recent.emplace_front(i, future);
      if (s.recent.size() > s.keep) s.recent.pop_back();  // whoever holds it keeps it alive
    }
  }
  if (mine) {
    // Prepared outside the lock; a thread asking for the same point meanwhile waits on the future.
    try {
      mine->set_value(prepare_point(*s.spec, *s.kind, YamlSource(s.spec->file), s.allowed, i));
    } catch (...) {
      mine->set_exception(std::current_exception());
    }
  }
  return future.get();
}

}  // namespace mpnsim

// Derived metrics and CSV export of a timeline.
#include "sim/timeline.hpp"

#include <algorithm>
#include <iterator>
#include <ostream>
#include <string>
#include <utility>

#include "sim/csv_writer.hpp"

namespace mpnsim {

static_assert(sizeof(ComputeRecord) == 32 && sizeof(TransferRecord) == 48);  // no padding: see the header

std::uint32_t Timeline::intern(std::string_view tag) {
  if (tag.empty()) return 0;
  auto [it, inserted] =
      tag_index_.emplace(std::string(tag), static_cast<std::uint32_t>(tags_.size()));
  if (inserted) tags_.emplace_back(tag);
  return it->second;
}

void Timeline::renumber_links(const std::vector<int>& ids) {
  for (auto& t : transfers_) t.link = ids[static_cast<std::size_t>(t.link)];
}

std::uint32_t Timeline::add_tags(const std::vector<std::string>& names) {
  const auto first = static_cast<std::uint32_t>(tags_.size());
  if (!keep_) return first;  // no record will name them
  tags_.insert(tags_.end(), names.begin(), names.end());
  return first;
}

std::uint32_t Timeline::add_tags(std::vector<std::string>&& names) {
  const auto first = static_cast<std::uint32_t>(tags_.size());
  if (!keep_) {
    std::vector<std::string>().swap(names);  // no record will name them: their memory goes now
    return first;
  }
  tags_.insert(tags_.end(), std::make_move_iterator(names.begin()), std::make_move_iterator(names.end()));
  names.clear();
  return first;
}

namespace {

using Interval = std::pair<double, double>;

// Length of the union of the intervals [begin, end). Touching intervals join.
// A timeline records intervals as they end, so a row is usually in order of
// ends already: then one backward sweep finds the blocks of the union (an
// interval joins the block before it unless it ends before that block starts),
// without the sort by starts that took a third of a DAG replay. The blocks are
// the same either way, and their lengths are summed from the first, as the sort
// by starts sums them: the same bits.
double union_length(std::vector<Interval>::iterator begin, std::vector<Interval>::iterator end,
                    std::vector<Interval>& blocks) {
  const auto by_end = [](const Interval& x, const Interval& y) { return x.second < y.second; };
  if (!std::is_sorted(begin, end, by_end)) std::sort(begin, end, by_end);
  blocks.clear();
  for (auto it = end; it != begin;) {
    const auto [s, e] = *--it;
    if (blocks.empty() || e < blocks.back().first) blocks.emplace_back(s, e);
    else blocks.back().first = std::min(blocks.back().first, s);
  }
  double total = 0;
  for (auto block = blocks.rbegin(); block != blocks.rend(); ++block) total += block->second - block->first;
  return total;
}

// Each processor's intervals in one flat array, row by row (compressed rows):
// two allocations whatever the machine's size, where a vector per processor
// took a sixth of a 2^16-processor `dlt` run.
struct IntervalRows {
  std::vector<std::size_t> first;  // row i is at[first[i] .. first[i + 1])
  std::vector<Interval> at;
  std::vector<std::size_t> fill;
  std::vector<Interval> blocks;  // scratch of union_length

  explicit IntervalRows(std::size_t n) : first(n + 1, 0) {}
  void count(int who) { ++first[static_cast<std::size_t>(who) + 1]; }
  void place() {
    for (std::size_t i = 1; i < first.size(); ++i) first[i] += first[i - 1];
    at.resize(first.back());
    fill.assign(first.begin(), first.end() - 1);
  }
  void add(int who, double start, double end) { at[fill[static_cast<std::size_t>(who)]++] = {start, end}; }
  double union_length(std::size_t i) {
    return mpnsim::union_length(at.begin() + static_cast<std::ptrdiff_t>(first[i]),
                                at.begin() + static_cast<std::ptrdiff_t>(first[i + 1]), blocks);
  }
};

}  // namespace

TimelineStats summarize(const Timeline& timeline, int processors) {
  TimelineStats s;
  const auto n = static_cast<std::size_t>(processors);
  s.processors.resize(n);
  IntervalRows comm(n), active(n);
  for (const auto& c : timeline.computes()) active.count(c.processor);
  for (const auto& t : timeline.transfers())
    for (int who : {t.from, t.to}) {
      comm.count(who);
      active.count(who);
    }
  comm.place();
  active.place();
  for (const auto& c : timeline.computes()) {
    auto& p = s.processors[static_cast<std::size_t>(c.processor)];
    p.finish = std::max(p.finish, c.end);
    p.busy += c.end - c.start;
    s.makespan = std::max(s.makespan, c.end);
  }
  for (const auto& t : timeline.transfers()) {
    for (int who : {t.from, t.to}) comm.add(who, t.start, t.end);
    s.makespan = std::max(s.makespan, t.end);
    s.transferred += t.amount;
  }
  // Computations and hops into each processor's active row merged by their
  // ends, so that the rows of a run's timeline are in order of ends.
  const auto& cs = timeline.computes();
  const auto& ts = timeline.transfers();
  for (std::size_t i = 0, j = 0; i < cs.size() || j < ts.size();) {
    if (j == ts.size() || (i < cs.size() && cs[i].end <= ts[j].end)) {
      active.add(cs[i].processor, cs[i].start, cs[i].end);
      ++i;
    } else {
      for (int who : {ts[j].from, ts[j].to}) active.add(who, ts[j].start, ts[j].end);
      ++j;
    }
  }
  double total_busy = 0;
  for (std::size_t i = 0; i < n; ++i) {
    auto& p = s.processors[i];
    p.communicating = comm.union_length(i);
    p.idle = s.makespan - active.union_length(i);
    p.utilization = s.makespan > 0 ? p.busy / s.makespan : 0;
    total_busy += p.busy;
  }
  s.utilization = (s.makespan > 0 && n > 0) ? total_busy / (static_cast<double>(n) * s.makespan) : 0;
  s.messages = timeline.messages();
  s.hops = timeline.transfers().size();
  return s;
}

void write_timeline_csv(const Timeline& timeline, std::ostream& out) {
  CsvWriter csv(out);
  csv.row({"kind", "processor", "from", "to", "link", "start", "end", "amount", "tag", "message", "hop"});
  for (const auto& c : timeline.computes())
    csv.row({"compute", std::to_string(c.processor), "", "", "", format_number(c.start),
             format_number(c.end), format_number(c.amount), timeline.tag_name(c.tag), "", ""});
  for (const auto& t : timeline.transfers())
    csv.row({"transfer", "", std::to_string(t.from), std::to_string(t.to), std::to_string(t.link),
             format_number(t.start), format_number(t.end), format_number(t.amount),
             timeline.tag_name(t.tag), std::to_string(t.message), std::to_string(t.hop)});
}

}  // namespace mpnsim

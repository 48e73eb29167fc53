// Comparisons with a control: counts of better, tied and worse instances, Wilcoxon, then Holm over them alone.
#include "experiments/analysis/control_comparison.hpp"

#include <stdexcept>

#include "experiments/analysis/holm.hpp"
#include "experiments/analysis/wilcoxon.hpp"

namespace mpnsim {

std::vector<ControlComparison> compare_with_control(Better better, const ValueMatrix& values,
                                                    const std::vector<std::pair<std::size_t, std::size_t>>& pairs) {
  check_value_matrix(values);
  const std::size_t k = values.front().size();
  std::vector<ControlComparison> out;
  std::vector<double> raw;
  for (const auto& [variant, control] : pairs) {
    if (variant >= k || control >= k || variant == control)
      throw std::invalid_argument("comparison with a control: a pair names a column out of range, or twice");
    ControlComparison c;
    c.variant = variant;
    c.control = control;
    std::vector<double> x, y;
    for (const auto& row : values) {
      if (strictly_better(better, row[variant], row[control])) {
        ++c.better;
      } else if (strictly_better(better, row[control], row[variant])) {
        ++c.worse;
      } else {
        ++c.ties;
      }
      x.push_back(row[variant]);
      y.push_back(row[control]);
    }
    c.wilcoxon_p = wilcoxon_signed_rank(x, y).p_value;
    raw.push_back(c.wilcoxon_p);
    out.push_back(c);
  }
  const std::vector<double> adjusted = holm_adjust(raw);
  for (std::size_t i = 0; i < out.size(); ++i) out[i].holm_p = adjusted[i];
  return out;
}

}  // namespace mpnsim

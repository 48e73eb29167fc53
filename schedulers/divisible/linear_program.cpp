// Sparse linear programs solved by GLPK: its scaled floating-point simplex, and its exact rational simplex when in doubt.
#include "schedulers/divisible/linear_program.hpp"

#include <algorithm>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>

#include <glpk.h>

#include "sim/interruption.hpp"

namespace mpnsim {

namespace {

struct ProblemDeleter {
  void operator()(glp_prob* p) const { glp_delete_prob(p); }
};
using Problem = std::unique_ptr<glp_prob, ProblemDeleter>;

// The program as a GLPK problem: columns and rows count from 1, a row's repeated variables
// summed (GLPK refuses repeats) and its zero coefficients left out.
Problem build(const LinearProgram& lp) {
  for (double c : lp.cost)
    if (!std::isfinite(c)) throw std::runtime_error("linear program: a cost is not a finite number");
  Problem p(glp_create_prob());
  glp_set_obj_dir(p.get(), GLP_MIN);
  glp_add_cols(p.get(), lp.variables);
  for (int j = 0; j < lp.variables; ++j) {
    glp_set_col_bnds(p.get(), j + 1, GLP_LO, 0, 0);
    glp_set_obj_coef(p.get(), j + 1, lp.cost[static_cast<std::size_t>(j)]);
  }
  if (!lp.rows.empty()) glp_add_rows(p.get(), static_cast<int>(lp.rows.size()));
  std::vector<int> ia{0}, ja{0};
  std::vector<double> ar{0};
  const auto nz = static_cast<std::size_t>(lp.nonzeros());
  ia.reserve(nz + 1);
  ja.reserve(nz + 1);
  ar.reserve(nz + 1);
  std::vector<std::pair<int, double>> terms;
  for (std::size_t i = 0; i < lp.rows.size(); ++i) {
    const LinearProgram::Row& r = lp.rows[i];
    const int row = static_cast<int>(i) + 1;
    if (!std::isfinite(r.rhs)) throw std::runtime_error("linear program: a right-hand side is not a finite number");
    switch (r.sense) {
      case LinearProgram::Sense::at_most: glp_set_row_bnds(p.get(), row, GLP_UP, 0, r.rhs); break;
      case LinearProgram::Sense::at_least: glp_set_row_bnds(p.get(), row, GLP_LO, r.rhs, 0); break;
      case LinearProgram::Sense::equal: glp_set_row_bnds(p.get(), row, GLP_FX, r.rhs, r.rhs); break;
    }
    terms = r.terms;
    std::sort(terms.begin(), terms.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t k = 0; k < terms.size();) {
      const int v = terms[k].first;
      if (v < 0 || v >= lp.variables) throw std::logic_error("linear program: a row names no variable");
      double c = 0;
      for (; k < terms.size() && terms[k].first == v; ++k) c += terms[k].second;
      if (!std::isfinite(c)) throw std::runtime_error("linear program: a coefficient is not a finite number");
      if (c == 0) continue;
      ia.push_back(row);
      ja.push_back(v + 1);
      ar.push_back(c);
    }
  }
  glp_load_matrix(p.get(), static_cast<int>(ia.size()) - 1, ia.data(), ja.data(), ar.data());
  return p;
}

glp_smcp quiet_parameters() {
  glp_smcp parm;
  glp_init_smcp(&parm);
  parm.msg_lev = GLP_MSG_OFF;
  parm.presolve = GLP_OFF;  // keep the basis: the exact simplex starts from it
  return parm;
}

// GLPK's floating-point simplex on the scaled problem, from an advanced starting basis, then
// again from its optimum with tolerances of 1e-11 instead of 1e-7: with the defaults, a
// reduced cost of -1e-8 counts as optimal, which left T up to about 1e-8 above the optimum on
// degenerate programs (1000 installments), beyond the 1e-9 the strategies are held to. Each
// pass has an iteration limit (the tight one can stall on rounding noise); when the tight
// pass does not finish, the default pass is run again from where it stopped.
//
// Each pass runs in slices of a few hundred iterations, and the interruption flag is read
// between them: GLPK cannot be stopped from inside, and a program of 1000 installments takes
// seconds. A slice ends at an iteration count, never at a time, so the path (and the vertex
// found on a degenerate program) is the same on every run.
constexpr int kIterationsPerSlice = 200;

bool simplex_in_slices(glp_prob* p, glp_smcp parm, int iteration_limit) {
  for (int done = 0; done < iteration_limit;) {
    poll_interruption();
    parm.it_lim = std::min(kIterationsPerSlice, iteration_limit - done);
    const int before = glp_get_it_cnt(p);
    const int rc = glp_simplex(p, &parm);
    if (rc == 0) return glp_get_status(p) == GLP_OPT;
    if (rc != GLP_EITLIM) return false;
    done += std::max(1, glp_get_it_cnt(p) - before);
  }
  return false;
}

bool solve_floating(glp_prob* p) {
  glp_scale_prob(p, GLP_SF_AUTO);
  glp_adv_basis(p, 0);
  const int size = glp_get_num_rows(p) + glp_get_num_cols(p);
  glp_smcp parm = quiet_parameters();
  if (!simplex_in_slices(p, parm, 50 * size + 1000)) return false;
  parm.tol_bnd = 1e-11;
  parm.tol_dj = 1e-11;
  if (simplex_in_slices(p, parm, 5 * size + 100)) return true;
  return simplex_in_slices(p, quiet_parameters(), 50 * size + 1000);
}

// GLPK's rational simplex, from the current basis, or from the standard one when that basis is
// unusable (singular after a failed floating solve).
void solve_exact(glp_prob* p) {
  const glp_smcp parm = quiet_parameters();
  int rc = glp_exact(p, &parm);
  if (rc == GLP_EBADB || rc == GLP_ESING) {
    glp_std_basis(p);
    rc = glp_exact(p, &parm);
  }
  if (rc != 0) throw std::runtime_error("linear program: GLPK's exact simplex failed (code " + std::to_string(rc) + ")");
  const int status = glp_get_status(p);
  if (status == GLP_NOFEAS) throw std::runtime_error("linear program: infeasible (in exact arithmetic)");
  if (status == GLP_UNBND) throw std::runtime_error("linear program: unbounded (in exact arithmetic)");
  if (status != GLP_OPT) throw std::runtime_error("linear program: GLPK's exact simplex found no optimum");
}

}  // namespace

LpSolution solve_lp(const LinearProgram& lp, LpArithmetic arithmetic) {
  glp_term_out(GLP_OFF);  // GLPK's environment is per thread: say it in every thread that solves
  const Problem p = build(lp);
  LpSolution s;
  s.optimal = solve_floating(p.get());
  if (arithmetic == LpArithmetic::exact) {
    solve_exact(p.get());
    s.exact = s.optimal = true;
  }
  s.x.resize(static_cast<std::size_t>(lp.variables));
  for (int j = 0; j < lp.variables; ++j) s.x[static_cast<std::size_t>(j)] = glp_get_col_prim(p.get(), j + 1);
  s.objective = glp_get_obj_val(p.get());
  return s;
}

}  // namespace mpnsim

// Sparse linear programs solved by GLPK: its scaled floating-point simplex, and its exact rational simplex when in doubt.
#include "schedulers/divisible/linear_program.hpp"

#include <algorithm>
#include <csetjmp>
#include <cmath>
#include <stdexcept>
#include <string>

#include <glpk.h>

#include "sim/interruption.hpp"

namespace mpnsim {

namespace {

// The program in GLPK's terms, checked and made in C++ before GLPK is called: columns and rows
// count from 1 (index 0 unused), a row's repeated variables summed (GLPK refuses repeats) and
// its zero coefficients left out.
struct Matrix {
  std::vector<int> ia{0}, ja{0};
  std::vector<double> ar{0};
};

Matrix sparse_matrix(const LinearProgram& lp) {
  for (double c : lp.cost)
    if (!std::isfinite(c)) throw std::runtime_error("linear program: a cost is not a finite number");
  Matrix m;
  const auto nz = static_cast<std::size_t>(lp.nonzeros());
  m.ia.reserve(nz + 1);
  m.ja.reserve(nz + 1);
  m.ar.reserve(nz + 1);
  std::vector<std::pair<int, double>> terms;
  for (std::size_t i = 0; i < lp.rows.size(); ++i) {
    const LinearProgram::Row& r = lp.rows[i];
    if (!std::isfinite(r.rhs)) throw std::runtime_error("linear program: a right-hand side is not a finite number");
    terms = r.terms;
    std::sort(terms.begin(), terms.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (std::size_t k = 0; k < terms.size();) {
      const int v = terms[k].first;
      if (v < 0 || v >= lp.variables) throw std::logic_error("linear program: a row names no variable");
      double c = 0;
      for (; k < terms.size() && terms[k].first == v; ++k) c += terms[k].second;
      if (!std::isfinite(c)) throw std::runtime_error("linear program: a coefficient is not a finite number");
      if (c == 0) continue;
      m.ia.push_back(static_cast<int>(i) + 1);
      m.ja.push_back(v + 1);
      m.ar.push_back(c);
    }
  }
  return m;
}

// Loads the program into a new GLPK problem. GLPK calls and plain values only (see solved).
void load(glp_prob* p, const LinearProgram& lp, const Matrix& m) {
  glp_set_obj_dir(p, GLP_MIN);
  glp_add_cols(p, lp.variables);
  for (int j = 0; j < lp.variables; ++j) {
    glp_set_col_bnds(p, j + 1, GLP_LO, 0, 0);
    glp_set_obj_coef(p, j + 1, lp.cost[static_cast<std::size_t>(j)]);
  }
  if (!lp.rows.empty()) glp_add_rows(p, static_cast<int>(lp.rows.size()));
  for (std::size_t i = 0; i < lp.rows.size(); ++i) {
    const LinearProgram::Row& r = lp.rows[i];
    const int row = static_cast<int>(i) + 1;
    switch (r.sense) {
      case LinearProgram::Sense::at_most: glp_set_row_bnds(p, row, GLP_UP, 0, r.rhs); break;
      case LinearProgram::Sense::at_least: glp_set_row_bnds(p, row, GLP_LO, r.rhs, 0); break;
      case LinearProgram::Sense::equal: glp_set_row_bnds(p, row, GLP_FX, r.rhs, r.rhs); break;
    }
  }
  glp_load_matrix(p, static_cast<int>(m.ia.size()) - 1, m.ia.data(), m.ja.data(), m.ar.data());
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

// GLPK stops the process on an internal error (out of memory, or a broken invariant) unless a
// hook leaves by longjmp after freeing its environment, which frees every GLPK object of the
// thread. `solved` runs the solves under that hook; the frames between it and GLPK hold
// nothing with a destructor (only GLPK calls and plain values), so the jump skips none.
struct ErrorTrap {
  std::jmp_buf at;
};

extern "C" void leave_glpk(void* info) {
  glp_free_env();
  std::longjmp(static_cast<ErrorTrap*>(info)->at, 1);
}

struct Outcome {
  bool optimal = false;
  bool failed = false;  // GLPK's internal error: its environment, and the problem, are gone
};

// Loads and solves the program, then reads the solution into `x` and `objective`; every GLPK
// call of a solve happens here, under the hook. The frames between this one and GLPK hold
// nothing with a destructor (GLPK calls and plain values), so the jump skips none; the
// problem is a plain pointer, deleted here on every other way out.
Outcome solved(const LinearProgram& lp, const Matrix& m, LpArithmetic arithmetic, double* x, double* objective) {
  ErrorTrap trap;
  glp_error_hook(leave_glpk, &trap);
  if (setjmp(trap.at) != 0) return Outcome{false, true};  // glp_free_env also took the hook away
  glp_prob* p = glp_create_prob();
  Outcome out;
  try {
    load(p, lp, m);
    out.optimal = solve_floating(p);
    if (arithmetic == LpArithmetic::exact) {
      solve_exact(p);
      out.optimal = true;
    }
  } catch (...) {
    glp_delete_prob(p);
    glp_error_hook(nullptr, nullptr);
    throw;
  }
  for (int j = 0; j < lp.variables; ++j) x[j] = glp_get_col_prim(p, j + 1);
  *objective = glp_get_obj_val(p);
  glp_delete_prob(p);
  glp_error_hook(nullptr, nullptr);
  return out;
}

// GLPK's environment is per thread and is not freed when the thread ends: each thread that
// solves frees it as it ends (the runner's worker threads solve divisible points).
struct EnvironmentOfThisThread {
  ~EnvironmentOfThisThread() { glp_free_env(); }
};

}  // namespace

LpSolution solve_lp(const LinearProgram& lp, LpArithmetic arithmetic) {
  static thread_local const EnvironmentOfThisThread environment;
  (void)environment;
  glp_term_out(GLP_OFF);  // GLPK's environment is per thread: say it in every thread that solves
  const Matrix m = sparse_matrix(lp);
  LpSolution s;
  s.x.resize(static_cast<std::size_t>(lp.variables));
  const Outcome outcome = solved(lp, m, arithmetic, s.x.data(), &s.objective);
  if (outcome.failed)
    throw std::runtime_error(
        "linear program: GLPK stopped with an internal error (most likely out of memory for a program of " +
        std::to_string(lp.variables) + " variables and " + std::to_string(lp.rows.size()) + " rows)");
  s.optimal = outcome.optimal;
  s.exact = arithmetic == LpArithmetic::exact;
  return s;
}

}  // namespace mpnsim

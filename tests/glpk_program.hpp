// A linear program written with GLPK (Debian libglpk-dev) and solved in exact arithmetic: the
// independent optimum the divisible-load tests (and bench/lp_bench.cpp) check the strategies against.
#pragma once

#include <climits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <glpk.h>

namespace mpnsim::testing {

// A linear program written with GLPK and solved in exact arithmetic, row by row.
struct Glpk {
  glp_prob* lp = glp_create_prob();
  Glpk() { glp_set_obj_dir(lp, GLP_MIN); }
  ~Glpk() { glp_delete_prob(lp); }
  Glpk(const Glpk&) = delete;
  Glpk& operator=(const Glpk&) = delete;
  // A variable >= 0 (exactly 0 when `zero`), with its cost in the objective; columns count from 1.
  int var(double cost = 0, bool zero = false) {
    const int c = glp_add_cols(lp, 1);
    glp_set_col_bnds(lp, c, zero ? GLP_FX : GLP_LO, 0, 0);
    glp_set_obj_coef(lp, c, cost);
    return c;
  }
  // sum coef * var  (type) rhs; a variable at most once per row, zero coefficients left out.
  void row(const std::vector<std::pair<int, double>>& terms, int type, double rhs) {
    const int r = glp_add_rows(lp, 1);
    glp_set_row_bnds(lp, r, type, rhs, rhs);
    std::vector<int> idx{0};
    std::vector<double> val{0};
    for (auto [v, c] : terms) {
      if (c == 0) continue;
      idx.push_back(v);
      val.push_back(c);
    }
    glp_set_mat_row(lp, r, static_cast<int>(idx.size()) - 1, idx.data(), val.data());
  }
  // The exact optimum: GLPK's rational simplex (glp_exact), started from the floating-point
  // simplex's basis when that one succeeds within an iteration limit (on badly scaled
  // degenerate programs it can stall) and from the standard basis otherwise. Throws
  // std::runtime_error when the program has no optimum or GLPK fails.
  double solve() {
    glp_term_out(GLP_OFF);
    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    parm.it_lim = 20 * (glp_get_num_rows(lp) + glp_get_num_cols(lp)) + 1000;
    glp_scale_prob(lp, GLP_SF_AUTO);
    if (glp_simplex(lp, &parm) != 0) glp_std_basis(lp);
    parm.it_lim = INT_MAX;
    int rc = glp_exact(lp, &parm);
    if (rc == GLP_EBADB || rc == GLP_ESING) {
      glp_std_basis(lp);
      rc = glp_exact(lp, &parm);
    }
    if (rc != 0) throw std::runtime_error("GLPK's exact simplex failed, code " + std::to_string(rc));
    if (glp_get_status(lp) != GLP_OPT)
      throw std::runtime_error("GLPK's exact simplex: no optimum, status " + std::to_string(glp_get_status(lp)));
    return glp_get_obj_val(lp);
  }
  double value(int column) const { return glp_get_col_prim(lp, column); }
};

}  // namespace mpnsim::testing

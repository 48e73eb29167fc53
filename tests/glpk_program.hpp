// A linear program written with GLPK (Debian libglpk-dev, linked to the tests only) and solved in
// exact arithmetic: the independent optimum the divisible-load tests check the strategies against.
#pragma once

#include <utility>
#include <vector>

#include <glpk.h>
#include <gtest/gtest.h>

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
  // sum coef * var  (type) rhs
  void row(const std::vector<std::pair<int, double>>& terms, int type, double rhs) {
    const int r = glp_add_rows(lp, 1);
    glp_set_row_bnds(lp, r, type, rhs, rhs);
    std::vector<int> idx{0};
    std::vector<double> val{0};
    for (auto [v, c] : terms) {
      idx.push_back(v);
      val.push_back(c);
    }
    glp_set_mat_row(lp, r, static_cast<int>(terms.size()), idx.data(), val.data());
  }
  double solve() {
    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_OFF;
    EXPECT_EQ(glp_simplex(lp, &parm), 0);
    EXPECT_EQ(glp_exact(lp, &parm), 0);
    EXPECT_EQ(glp_get_status(lp), GLP_OPT);
    return glp_get_obj_val(lp);
  }
};

}  // namespace mpnsim::testing

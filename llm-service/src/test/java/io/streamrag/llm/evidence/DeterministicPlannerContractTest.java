package io.streamrag.llm.evidence;

class DeterministicPlannerContractTest extends PlannerContract {

  @Override
  protected Planner planner() {
    return new DeterministicPlanner(0.3);
  }
}

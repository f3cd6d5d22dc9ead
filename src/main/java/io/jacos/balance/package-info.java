/**
 * Spreads the long (gRPC) connections over the cluster: on shutdown this node asks every connection to move to
 * a peer before the gRPC server stops (leave), and while it runs it moves its excess over the cluster average
 * to the least-loaded peers (rebalance). An operator's drain marks the node so it takes no connections and hands
 * off those it has. Each of these asks connections to move in handoff rounds. Decisions are pure ({@link io.jacos.balance.RebalancePlan},
 * {@link io.jacos.balance.HandoffRound}); the beans around them only read settings and schedule. May depend on
 * {@code application} (its connection handoff and graceful leave), {@code cluster}, {@code model},
 * {@code settings} and {@code task}.
 */
package io.jacos.balance;

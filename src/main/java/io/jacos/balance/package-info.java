/**
 * Spreads the long (gRPC) connections over the cluster: on shutdown this node asks every connection to move to
 * a peer before the gRPC server stops (drain), and while it runs it moves its excess over the cluster average
 * to the least-loaded peers (rebalance). Decisions are pure ({@link io.jacos.balance.RebalancePlan},
 * {@link io.jacos.balance.Drain}); the beans around them only read settings and schedule. May depend on
 * {@code application} (its connection handoff and graceful leave), {@code cluster}, {@code model},
 * {@code settings} and {@code task}.
 */
package io.jacos.balance;

/**
 * Registry metrics for Prometheus, with Micrometer bundled in the WAR so they work on every server. An observer
 * beside push and health: gauges read the registry's counts once per scrape, counters read the push and health
 * statistics, and the beat counter and push latency timer observe the {@code BeatReceived} and
 * {@code PushDelivered} events. Tags come only from fixed sets (channel, outcome, check kind), never from what
 * clients send, so the meter registry cannot grow with the registry's content. The connection count comes from
 * {@code application}'s connection directory and this node's address from {@code cluster}, never from a
 * transport. May depend on {@code registry}, {@code application}, {@code cluster}, {@code push}, {@code health},
 * {@code limit}, {@code event} and {@code model}.
 */
package io.jacos.metrics;

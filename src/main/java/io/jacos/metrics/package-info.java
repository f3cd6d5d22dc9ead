/**
 * Registry metrics for Prometheus, with Micrometer bundled in the WAR so they work on every server. An observer
 * beside push and health: gauges read the registry's counts once per scrape, counters read the push and health
 * statistics, and the beat counter and push latency timer observe the {@code BeatReceived} and
 * {@code PushDelivered} events. Tags come only from fixed sets (channel, outcome, check kind), never from what
 * clients send, so the meter registry cannot grow with the registry's content. May depend on {@code registry},
 * {@code push}, {@code health}, {@code limit}, {@code event}, {@code model} and {@code infrastructure}.
 */
package io.jacos.metrics;

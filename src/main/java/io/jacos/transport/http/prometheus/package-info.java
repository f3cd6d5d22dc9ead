/**
 * What Prometheus reads from Jacos: the metrics scrape at {@code /nacos/actuator/prometheus} (rendered by
 * {@code io.jacos.metrics}) and Nacos's HTTP service-discovery endpoints under {@code /nacos/prometheus}, which
 * list registered instances as scrape targets. Thin: reads the registry and renders.
 */
package io.jacos.transport.http.prometheus;

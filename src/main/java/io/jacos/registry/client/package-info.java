/**
 * Registry clients (a connection, an ip:port, a persistent owner) as values: {@code ClientView}, what readers
 * get, and {@code ClientSnapshot}, what replication ships. The clients themselves live in {@code registry}.
 */
package io.jacos.registry.client;

/** Registry clients (a connection, an ip:port, a persistent owner) and their snapshots. Written by the Registry only. */
package io.jacos.registry.client;

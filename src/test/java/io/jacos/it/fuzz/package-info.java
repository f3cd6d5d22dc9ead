/**
 * The fuzz test: seeded, reproducible hostile input on gRPC and HTTP against a server of its own, with the
 * generators, the registry snapshot it compares before and after, and the rules every reply must satisfy.
 * Uses only the IT support package and the generated gRPC stubs.
 */
package io.jacos.it.fuzz;

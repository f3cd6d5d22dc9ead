/**
 * Use cases shared by every transport: register, deregister, subscribe, query, list, client sessions.
 * Interfaces and input records here, implementations in {@code internal}. The Nacos input rules are declared as
 * constraints on the input records ({@code validation}) and checked once in {@code internal}, so HTTP, gRPC and
 * UDP refuse bad input alike. The use cases fire the {@code Stored*Changed} events after a write to the shared
 * store and ask {@code cluster} which node they run on. May depend on {@code model}, {@code event}, {@code task},
 * {@code registry}, {@code config}, {@code cluster} and {@code settings}.
 */
package io.jacos.application;

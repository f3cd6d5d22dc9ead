/**
 * Use cases shared by every transport: register, deregister, subscribe, query, list, client sessions.
 * Interfaces and input records here, implementations in {@code internal}. The Nacos input rules are declared as
 * constraints on the input records ({@code validation}) and checked once in {@code internal}, so HTTP, gRPC and
 * UDP refuse bad input alike. May depend on {@code registry}, {@code model} and {@code infrastructure}.
 */
package io.jacos.application;

/**
 * Use cases shared by every transport: register, deregister, subscribe, query, list, client sessions.
 * Interfaces here, implementations in {@code internal}. Validation of names and instances happens here, once,
 * so HTTP, gRPC and UDP refuse bad input alike. May depend on {@code registry} and {@code infrastructure}.
 */
package io.jacos.application;

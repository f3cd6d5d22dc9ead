/**
 * Reading Nacos HTTP requests: query and form parameters merged into one view, typed values with Nacos's
 * refusal messages, grouped service names, metadata in both of its spellings, and which client User-Agents get
 * UDP pushes. Pure parsing with no JAX-RS runtime, so it is unit-tested alone. May depend on {@code application}
 * (its input records) and {@code model}.
 */
package io.jacos.transport.http.param;

/**
 * The change history of each service: an observer of {@link io.jacos.event.InstancesChanged}, fed by the same
 * events as push, that keeps per service the last registrations, deregistrations, health changes and edits with
 * their time, cause and actor, so an operator can answer "why did my instance disappear?". Bounded in entries
 * per service and in services. May depend on {@code event}, {@code model} and {@code settings}.
 */
package io.jacos.audit;

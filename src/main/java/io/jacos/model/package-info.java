/**
 * Immutable keys and values shared by every layer: services, clients, instances, views, subscriptions. It sits
 * below both {@code registry} and {@code event}, so the registry can fire events that carry these values
 * without a cycle between the two. May depend on nothing of ours (the JDK only).
 */
package io.jacos.model;

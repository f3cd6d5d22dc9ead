/** Immutable keys and values of the registry: services, clients, instances, views. Depends on the JDK only. */
package io.jacos.registry.model;

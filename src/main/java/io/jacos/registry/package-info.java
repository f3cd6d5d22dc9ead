/**
 * The registry: the single writer of the naming indexes (an EJB singleton with bean-managed concurrency)
 * and the model it stores. It fires {@code event} records after each change. Depends on {@code event} and
 * its own sub-packages only.
 */
package io.jacos.registry;

/**
 * The delay-task engine: keyed tasks that merge while they wait and run on an executor the caller supplies
 * (the container's managed scheduled executor). Knows nothing of services or clients. May depend on nothing of
 * ours (the JDK only).
 */
package io.jacos.task;

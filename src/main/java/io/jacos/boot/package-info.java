/**
 * The application's boot order, written in one place: {@link io.jacos.boot.Boot} starts each part while the
 * application deploys, in the order its javadoc states, and stops them in reverse when the web module stops.
 * It may depend on every package whose parts it starts; nothing depends on it.
 */
package io.jacos.boot;

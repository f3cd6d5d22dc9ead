/**
 * The application's boot order, written in one place: {@link io.jacos.boot.Boot} starts each part while the
 * application deploys, in the order its javadoc states, and stops them in reverse when the web module stops.
 * Nothing depends on it. May depend on {@code registry}, {@code cluster}, {@code application}, {@code push},
 * {@code health}, {@code replication}, {@code balance}, {@code auth}, {@code metrics}, {@code persistence} and
 * {@code transport}, the packages whose parts it starts.
 */
package io.jacos.boot;

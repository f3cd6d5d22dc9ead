/**
 * Push: observes service changes and new subscriptions, merges them into one delay task per service and
 * delivers each subscriber the service's current state through a {@link io.jacos.push.PushChannel} that a
 * transport implements. May depend on {@code registry}, {@code event}, {@code task} and {@code infrastructure}.
 */
package io.jacos.push;

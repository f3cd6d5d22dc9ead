/**
 * Push: observes service changes and new subscriptions, merges them into one delay task per service and
 * delivers each subscriber the service's current state through a {@link io.jacos.push.PushChannel} that a
 * transport implements. A (subscriber, service) pair stays marked until the current view is acknowledged or
 * the subscriber is gone. May depend on {@code model}, {@code registry}, {@code config}, {@code event},
 * {@code task} and {@code settings}.
 */
package io.jacos.push;

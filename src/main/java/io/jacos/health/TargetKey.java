package io.jacos.health;

import io.jacos.model.ServiceKey;

/** Which persistent instance a target is: the identity verdicts are reported under. */
record TargetKey(ServiceKey service, String ip, int port) {
}

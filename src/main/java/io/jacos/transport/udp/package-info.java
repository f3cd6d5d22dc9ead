/**
 * UDP push to nacos-client 1.x subscribers: one socket sends each changed service, as the 1.x ServiceInfo JSON
 * wrapped in a {@code dom} packet, to the {@code clientIP:udpPort} a subscriber gave when it polled, receives
 * the {@code push-ack}s, and sends a push again when its ack is late. Implements {@link io.jacos.push.PushChannel};
 * the push engine decides when and to whom. May depend on {@code application}, {@code model}, registry reads
 * ({@code RegistryReader}), {@code push}'s channel interface, {@code task}, {@code infrastructure} and
 * {@code transport.legacy}; not on the other transports.
 */
package io.jacos.transport.udp;

package io.jacos.cluster;

import io.jacos.model.NodeId;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** An inbox that keeps what it was handed, for assertions. */
class RecordingInbox implements ClusterInbox {

    record Received(NodeId from, String text) {
    }

    final List<MembershipView> views = new CopyOnWriteArrayList<>();
    final List<Received> messages = new CopyOnWriteArrayList<>();
    final List<Received> fromOutsideView = new CopyOnWriteArrayList<>();

    @Override
    public void viewChanged(MembershipView view) {
        views.add(view);
    }

    @Override
    public void received(NodeId from, byte[] payload) {
        messages.add(new Received(from, new String(payload, java.nio.charset.StandardCharsets.UTF_8)));
    }

    @Override
    public void receivedFromOutsideView(NodeId from, byte[] payload) {
        fromOutsideView.add(new Received(from, new String(payload, java.nio.charset.StandardCharsets.UTF_8)));
    }

    MembershipView lastView() {
        return views.isEmpty() ? null : views.get(views.size() - 1);
    }
}

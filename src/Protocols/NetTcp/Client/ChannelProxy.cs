using System.Reflection;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// The DispatchProxy behind a channel: contract calls go through the operation's cached call delegate,
/// channel calls straight to the <see cref="ClientChannel"/>. Must stay unsealed with a parameterless constructor for DispatchProxy.
/// </summary>
internal class ChannelProxy : DispatchProxy, INetTcpClientChannel
{
    private ClientChannel _channel = null!;
    private ContractDescription _contract = null!;

    public event EventHandler? Faulted
    {
        add => _channel.Faulted += value;
        remove => _channel.Faulted -= value;
    }

    public CommunicationState State => _channel.State;

    public Uri RemoteAddress => _channel.RemoteAddress;

    public long BytesSent => _channel.BytesSent;

    public long BytesReceived => _channel.BytesReceived;

    public Task OpenAsync(CancellationToken cancellationToken = default) => _channel.OpenAsync(cancellationToken);

    public Task CloseAsync(CancellationToken cancellationToken = default) => _channel.CloseAsync(cancellationToken);

    public void Abort() => _channel.Abort();

    public async ValueTask DisposeAsync()
    {
        if (_channel.State == CommunicationState.Opened)
        {
            try
            {
                await _channel.CloseAsync(CancellationToken.None);
                return;
            }
            catch (Exception ex) when (ex is CommunicationException or TimeoutException)
            {
                // Disposal must not throw; the connection is dropped below instead.
            }
        }

        _channel.Abort();
    }

    public override string ToString() => $"{_contract.Name} channel to {_channel.RemoteAddress} ({_channel.State})";

    internal void Initialize(ClientChannel channel, ContractDescription contract)
    {
        _channel = channel;
        _contract = contract;
    }

    protected override object? Invoke(MethodInfo? targetMethod, object?[]? args)
    {
        ArgumentNullException.ThrowIfNull(targetMethod);
        var operation = _contract.GetOperation(targetMethod);
        return operation.ClientCall(_channel, operation, args ?? []);
    }
}

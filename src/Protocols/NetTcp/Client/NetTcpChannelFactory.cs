using System.Reflection;
using System.Xml;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// Creates channels to one NetTcp endpoint, like WCF's ChannelFactory&lt;TContract&gt; over NetTcpBinding(SecurityMode.None).
/// Each channel is a proxy implementing <typeparamref name="TContract"/> and <see cref="INetTcpClientChannel"/>, with its own
/// connection; create one per concurrent caller and reuse it for many calls.
/// </summary>
public sealed class NetTcpChannelFactory<TContract>
    where TContract : class
{
    private readonly BindingSettings _settings;
    private readonly XmlDictionaryString _to;

    /// <param name="binding">Client settings; copied, so later changes do not affect this factory.</param>
    /// <param name="address">net.tcp://host:port/path; use a literal address such as 127.0.0.1 to avoid name resolution.</param>
    /// <param name="contract">The same contract description (name and namespace) the service uses.</param>
    public NetTcpChannelFactory(NetTcpBinding binding, Uri address, ContractDescription contract)
    {
        ArgumentNullException.ThrowIfNull(binding);
        ArgumentNullException.ThrowIfNull(address);
        ArgumentNullException.ThrowIfNull(contract);
        if (!address.IsAbsoluteUri || !string.Equals(address.Scheme, "net.tcp", StringComparison.OrdinalIgnoreCase))
        {
            throw new ArgumentException($"The address '{address}' is not a net.tcp URI (net.tcp://host:port/path).", nameof(address));
        }

        if (contract.ContractType != typeof(TContract))
        {
            throw new ArgumentException($"The contract describes {contract.ContractType.Name}, not {typeof(TContract).Name}.", nameof(contract));
        }

        Address = address;
        Contract = contract;
        _settings = binding.Freeze();
        _to = new XmlDictionary().Add(address.AbsoluteUri);
    }

    public Uri Address { get; }

    public ContractDescription Contract { get; }

    /// <summary>A new, unopened channel; open it with <see cref="INetTcpClientChannel.OpenAsync"/> or let the first call open it.</summary>
    public TContract CreateChannel()
    {
        var proxy = DispatchProxy.Create<TContract, ChannelProxy>();
        var channelProxy = (ChannelProxy)(object)proxy;
        channelProxy.Initialize(new ClientChannel(_settings, Address, _to, proxy), Contract);
        return proxy;
    }
}

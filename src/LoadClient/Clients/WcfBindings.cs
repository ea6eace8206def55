using System.ServiceModel;
using System.ServiceModel.Channels;

namespace RpcCompare.LoadClient.Clients;

/// <summary>Settings of NetTcpBinding that it does not expose itself, applied through its binding elements.</summary>
public static class WcfBindings
{
    /// <summary>
    /// The binding as a CustomBinding with the TCP transport's connection buffer set (when given) and the encoder counting
    /// bytes into <paramref name="wire"/> (when given), TLS records included with transport security; its timeouts are the binding's.
    /// </summary>
    public static CustomBinding Tuned(NetTcpBinding binding, int? connectionBufferSize, WireCounter? wire)
    {
        var elements = binding.CreateBindingElements();
        if (connectionBufferSize is { } size)
        {
            elements.Find<TcpTransportBindingElement>().ConnectionBufferSize = size;
        }
        if (wire is not null)
        {
            var encoding = elements.Find<MessageEncodingBindingElement>();
            elements[elements.IndexOf(encoding)] = new WcfWireCounting(encoding, wire, tls: binding.Security.Mode == SecurityMode.Transport);
        }
        return new CustomBinding(elements)
        {
            OpenTimeout = binding.OpenTimeout,
            CloseTimeout = binding.CloseTimeout,
            SendTimeout = binding.SendTimeout,
            ReceiveTimeout = binding.ReceiveTimeout,
        };
    }
}

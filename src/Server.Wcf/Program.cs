using RpcCompare.Server.Common;
using RpcCompare.Server.Wcf;
using RpcCompare.Stacks;

// Nothing to map: the NetTcp connection handler on the listener is the service, and CheckHealth its health.
return StackHost.Run(args, StackCatalog.Wcf,
    add: builder => builder.AddWcfHost(), map: null);
